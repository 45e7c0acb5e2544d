import { RelayError } from '../../../errors/relay-error.js';
import { isJsonObject } from '../../../providers/json-guards.js';
import type { ParsedRelayBody } from '../../parse-relay-body.js';
import { DroppedFields } from '../../../providers/hub/dropped-fields.js';
import { readChatCall } from '../../../providers/hub/read-chat-call.js';
import { messagesRequestToInternal } from './messages-request-to-internal.js';

const MAX_TOKENS_LIMIT = 2 ** 30;

function invalid(message: string): RelayError {
  return RelayError.badRequest(message, 'invalid_request');
}

/** Parses a Claude Messages body into a JSON object, or throws a local 400. */
export function parseMessagesJson(rawBody: Buffer): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody.length === 0 ? '{}' : rawBody.toString('utf8'));
  } catch (error) {
    throw invalid(`Invalid request, ${(error as Error).message}`);
  }
  if (!isJsonObject(parsed)) throw invalid('Invalid request, the body must be a JSON object');
  return parsed;
}

/**
 * Checks the fields the relay and every conversion read: `model` (a non-empty string),
 * `messages` (a non-empty array of objects with a `user` or `assistant` role and string or
 * array content), `max_tokens`, `stream`, `system`, `tools`. Everything else is upstream's to
 * judge (and is forwarded untouched to Claude channels).
 */
export function checkMessagesRequest(body: Record<string, unknown>): string {
  if (typeof body.model !== 'string' || body.model.trim() === '') {
    throw invalid('model: Field required');
  }
  const messages = body.messages;
  if (!Array.isArray(messages) || messages.length === 0) {
    throw invalid('messages: Field required (a non-empty array)');
  }
  messages.forEach((message, index) => {
    if (!isJsonObject(message)) throw invalid(`messages.${index}: must be an object`);
    if (message.role !== 'user' && message.role !== 'assistant') {
      throw invalid(`messages.${index}.role: must be "user" or "assistant"`);
    }
    if (typeof message.content !== 'string' && !Array.isArray(message.content)) {
      throw invalid(`messages.${index}.content: must be a string or an array of content blocks`);
    }
  });
  if (body.max_tokens !== undefined && body.max_tokens !== null) {
    const max = body.max_tokens;
    if (typeof max !== 'number' || !Number.isFinite(max) || max < 0 || max > MAX_TOKENS_LIMIT) {
      throw invalid('max_tokens: must be a positive integer');
    }
  }
  if (body.stream !== undefined && body.stream !== null && typeof body.stream !== 'boolean') {
    throw invalid('stream: must be a boolean');
  }
  if (
    body.system !== undefined &&
    body.system !== null &&
    typeof body.system !== 'string' &&
    !Array.isArray(body.system)
  ) {
    throw invalid('system: must be a string or an array of text blocks');
  }
  if (body.tools !== undefined && body.tools !== null && !Array.isArray(body.tools)) {
    throw invalid('tools: must be an array');
  }
  return body.model.trim();
}

/**
 * Reads a `POST /v1/messages` body: the relay's facts, the internal call (its OpenAI chat
 * conversion) and the client's body as it came, which Claude channels receive instead.
 */
export function readMessagesRequest(rawBody: Buffer): ParsedRelayBody {
  const body = parseMessagesJson(rawBody);
  const model = checkMessagesRequest(body);
  const stream = body.stream === true;
  const dropped = new DroppedFields();
  // The edge of the internal call: the conversion's result is checked like a client's chat body.
  const json = messagesRequestToInternal({ ...body, model }, dropped);
  readChatCall(json);
  return {
    json,
    dropped: dropped.list(),
    model,
    stream,
    clientWantsUsage: stream,
    maxTokens: typeof body.max_tokens === 'number' ? body.max_tokens : 0,
    native: { format: 'anthropic-messages', body },
  };
}
