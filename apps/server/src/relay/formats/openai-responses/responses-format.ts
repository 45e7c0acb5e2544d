import type { RelayError } from '../../../errors/relay-error.js';
import { parseJsonObject } from '../../../providers/json-guards.js';
import type { InboundFormat } from '../format-spec.js';
import { chatCompletionToResponse } from './chat-answer-to-response.js';
import { readResponsesRequest } from './read-responses-request.js';
import { responsesRequestTexts } from './responses-request-texts.js';
import { ResponsesStreamWriter } from './responses-stream-writer.js';

/**
 * OpenAI's Responses API as clients speak it (`POST /v1/responses`). Channels serving the
 * Responses API themselves (OpenAI, Azure) get the client's bytes and answer with theirs (the
 * call runs in mode `responses`); every other channel gets the call converted to chat, and its
 * answers and streams are written back here as Responses. Errors have OpenAI's shape.
 */
export const responsesFormat: InboundFormat = {
  id: 'openai-responses',
  routes: [{ path: '/v1/responses', mode: 'responses' }],
  readRequest: readResponsesRequest,
  // The client's body: channels serving the Responses API get it, the others its chat conversion.
  requestTexts: (_mode, parsed) => responsesRequestTexts(parsed.json),
  writeAnswer(input, answer) {
    const request = parseJsonObject(input.rawBody.toString('utf8'));
    const response = chatCompletionToResponse(
      answer.completion,
      request,
      answer.usage,
      input.upstreamModel,
    );
    return {
      body: JSON.stringify(response),
      contentType: 'application/json',
      usage: answer.usage,
      completionText: answer.completionText,
    };
  },
  createStreamWriter: (input, reader) => new ResponsesStreamWriter(input, reader),
  writeError(error: RelayError, requestId: string) {
    return { status: error.status, body: error.toBody(requestId) };
  },
};
