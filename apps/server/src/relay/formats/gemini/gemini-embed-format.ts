import type {
  ConvertedResponse,
  InternalAnswer,
  RelayCallInput,
  RelayMode,
} from '../../../providers/provider-adaptor.js';
import { DroppedFields } from '../../../providers/hub/dropped-fields.js';
import type { ParsedRelayBody } from '../../parse-relay-body.js';
import type { InboundFormat } from '../format-spec.js';
import { embeddingsToGeminiAnswer } from './embeddings-to-gemini-answer.js';
import { geminiEmbedToEmbeddings, type GeminiEmbedMethod } from './gemini-embed-request.js';
import { writeGeminiError } from './gemini-error.js';
import { parseGeminiBody } from './gemini-format.js';
import { isRecord } from './gemini-request-guards.js';
import { geminiRequestTexts } from './gemini-request-texts.js';
import { GeminiStreamWriter } from './gemini-stream-writer.js';

/** Reads a Gemini embedding request for the model named by the route. */
function readEmbedRequest(
  method: GeminiEmbedMethod,
  rawBody: Buffer,
  routeModel: string | undefined,
): ParsedRelayBody {
  const { request, model } = parseGeminiBody(rawBody, routeModel);
  const dropped = new DroppedFields();
  const json = geminiEmbedToEmbeddings(method, request, model, dropped);
  return {
    json,
    model,
    stream: false,
    clientWantsUsage: false,
    maxTokens: 0,
    dropped: dropped.list(),
    // A Gemini channel takes the client's own body (the route's model beside it, for mapping).
    native: { format: 'gemini', body: { ...(request as Record<string, unknown>), model } },
  };
}

/** Every text a Gemini embedding request sends upstream: its contents' parts and titles. */
function embedRequestTexts(body: Record<string, unknown> | undefined): string[] {
  if (!body) return [];
  const requests = Array.isArray(body.requests) ? body.requests.filter(isRecord) : [body];
  const texts = geminiRequestTexts({ contents: requests.map((request) => request.content) });
  for (const request of requests) {
    if (typeof request.title === 'string') texts.push(request.title);
  }
  return texts;
}

function geminiEmbedFormat(method: GeminiEmbedMethod): InboundFormat {
  return {
    id: 'gemini',
    readRequest: (_mode: RelayMode, rawBody: Buffer, _contentType: string, routeModel?: string) =>
      readEmbedRequest(method, rawBody, routeModel),
    requestTexts: (_mode: RelayMode, parsed: ParsedRelayBody) =>
      embedRequestTexts(parsed.native?.body),
    writeAnswer: (_input: RelayCallInput, answer: InternalAnswer): ConvertedResponse => ({
      body: JSON.stringify(embeddingsToGeminiAnswer(method, answer.completion)),
      contentType: 'application/json; charset=UTF-8',
      usage: answer.usage,
      completionText: answer.completionText,
    }),
    // Embeddings are never streamed; the contract asks for a writer all the same.
    createStreamWriter: (input, reader) => new GeminiStreamWriter(input, reader),
    writeError: writeGeminiError,
  };
}

/**
 * Gemini's embedding API as clients speak it (`@google/genai`'s `embedContent` sends
 * batchEmbedContents): `POST /v1beta/models/{model}:embedContent` and `:batchEmbedContents`.
 * A Gemini channel receives the client's own body and its answer passes through; any other
 * channel that embeds receives the internal OpenAI embeddings call, and its answer is written
 * back as `{embedding:{values}}` / `{embeddings:[{values}]}`. Billed as an embeddings call.
 */
export const geminiEmbedContentFormat: InboundFormat = geminiEmbedFormat('embedContent');
export const geminiBatchEmbedContentsFormat: InboundFormat =
  geminiEmbedFormat('batchEmbedContents');
