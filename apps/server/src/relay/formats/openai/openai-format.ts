import type { RelayError } from '../../../errors/relay-error.js';
import { parseRelayBody } from '../../parse-relay-body.js';
import type { InboundFormat } from '../format-spec.js';
import { writeOpenAiAnswer } from './openai-answer-writer.js';
import { openAiRequestTexts } from './openai-request-texts.js';
import { OpenAiStreamWriter } from './openai-stream-writer.js';

/**
 * OpenAI's API as clients speak it (`/v1/chat/completions`, `/v1/completions`, `/v1/embeddings`
 * and the other `/v1` routes): the internal call already has its shape, so reading the request is
 * parsing it, and writing an answer is serialising it.
 */
export const openAiFormat: InboundFormat = {
  id: 'openai',
  readRequest: parseRelayBody,
  requestTexts: (mode, parsed) => openAiRequestTexts(mode, parsed.json),
  writeAnswer: writeOpenAiAnswer,
  createStreamWriter: (input, reader) => new OpenAiStreamWriter(input, reader),
  writeError(error: RelayError, requestId: string) {
    return { status: error.status, body: error.toBody(requestId) };
  },
};
