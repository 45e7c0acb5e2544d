import type { InboundFormat } from '../format-spec.js';
import { internalToMessagesAnswer } from './internal-to-messages-answer.js';
import { writeMessagesError } from './messages-error.js';
import { messagesRequestTexts } from './messages-request-texts.js';
import { MessagesStreamWriter } from './messages-stream-writer.js';
import { readMessagesRequest } from './read-messages-request.js';

/**
 * Claude's Messages API as clients speak it (`POST /v1/messages`: the Anthropic SDKs, Claude
 * Code). Claude channels receive the client's body and answer through untouched (the Anthropic
 * provider's pass-through); every other channel gets the OpenAI chat conversion, and its answer
 * and stream are written back as Claude's.
 */
export const messagesFormat: InboundFormat = {
  id: 'anthropic-messages',
  routes: [
    { path: '/v1/messages', mode: 'chat' },
    { path: '/v1/messages/count_tokens', mode: 'chat', countTokens: true },
  ],
  readRequest: (_mode, rawBody) => readMessagesRequest(rawBody),
  // The client's own body: Claude channels receive it, the others its conversion, made from it.
  requestTexts: (_mode, parsed) => messagesRequestTexts(parsed.native?.body),
  writeAnswer: (input, answer) => ({
    body: JSON.stringify(
      internalToMessagesAnswer(answer.completion, answer.usage, input.upstreamModel),
    ),
    contentType: 'application/json',
    usage: answer.usage,
    completionText: answer.completionText,
  }),
  createStreamWriter: (input, reader) => new MessagesStreamWriter(input, reader),
  writeError: writeMessagesError,
};
