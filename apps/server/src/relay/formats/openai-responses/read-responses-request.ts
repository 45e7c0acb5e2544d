import { RelayError } from '../../../errors/relay-error.js';
import type { RelayMode } from '../../../providers/provider-adaptor.js';
import { readClientJsonObject, type ParsedRelayBody } from '../../parse-relay-body.js';
import { DroppedFields } from '../../../providers/hub/dropped-fields.js';
import { readChatCall } from '../../../providers/hub/read-chat-call.js';
import { responsesRequestToChat } from './responses-request-to-chat.js';

/**
 * Reads a Responses request (`POST /v1/responses`): the model, stream flag and output limit the
 * relay needs, the body as sent (forwarded to channels serving the Responses API), and its chat
 * conversion, built only when a channel needs it. Every failure is a local 400.
 */
export function readResponsesRequest(_mode: RelayMode, rawBody: Buffer): ParsedRelayBody {
  const json = readClientJsonObject(rawBody);
  if (json.model !== undefined && typeof json.model !== 'string') {
    throw RelayError.wrongFieldType('model', 'a string');
  }
  if (json.stream !== undefined && json.stream !== null && typeof json.stream !== 'boolean') {
    throw RelayError.wrongFieldType('stream', 'a boolean');
  }
  const limit = json.max_output_tokens;
  if (limit !== undefined && limit !== null && (typeof limit !== 'number' || limit < 0)) {
    throw RelayError.wrongFieldType('max_output_tokens', 'a non-negative number');
  }
  if (
    json.input !== undefined &&
    json.input !== null &&
    typeof json.input !== 'string' &&
    !Array.isArray(json.input)
  ) {
    throw RelayError.wrongFieldType('input', 'a string or an array');
  }
  if (json.tools !== undefined && json.tools !== null && !Array.isArray(json.tools)) {
    throw RelayError.wrongFieldType('tools', 'an array');
  }
  const model = typeof json.model === 'string' ? json.model.trim() : '';
  if (!model) throw RelayError.badRequest('model is required', 'invalid_text_request');
  const stream = json.stream === true;
  const maxTokens = typeof limit === 'number' ? limit : 0;

  let chat: ParsedRelayBody | undefined;
  return {
    json,
    model,
    stream,
    clientWantsUsage: false,
    maxTokens,
    toChat() {
      if (chat) return chat;
      const dropped = new DroppedFields();
      const converted = responsesRequestToChat({ ...json, model }, dropped);
      // The edge of the internal call: the conversion's result is checked like a chat body.
      readChatCall(converted);
      chat = {
        json: converted,
        dropped: dropped.list(),
        model,
        stream,
        // The Responses stream always ends with usage: ask every upstream that can give it.
        clientWantsUsage: stream,
        maxTokens,
        converted: true,
      };
      return chat;
    },
  };
}
