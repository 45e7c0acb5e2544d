import { RelayError } from '../../errors/relay-error.js';
import { readNumber, readString, type JsonObject } from '../json-guards.js';
import type { InternalAnswer } from '../provider-adaptor.js';
import type { Usage } from '../usage.js';
import { cohereEmbedResponseSchema } from './cohere-api-types.js';
import { unexpectedCohereAnswer } from './convert-cohere-response.js';

/** The `input_type` sent when the client names none: embeddings are stored for search. */
const DEFAULT_INPUT_TYPE = 'search_document';

/**
 * An OpenAI embeddings request as Cohere's POST /v2/embed: `input` (a string or strings) →
 * `texts`, float embeddings, `dimensions` → `output_dimension`, `input_type` from the client's
 * own field when it sends one (Cohere's v3+ models require it).
 */
export function convertToCohereEmbedRequest(body: JsonObject, model: string): JsonObject {
  const input = typeof body.input === 'string' ? [body.input] : body.input;
  if (
    !Array.isArray(input) ||
    input.length === 0 ||
    !input.every((item) => typeof item === 'string')
  ) {
    throw RelayError.badRequest('input must be a string or an array of strings for this channel');
  }
  const request: JsonObject = {
    model,
    texts: input,
    input_type: readString(body, 'input_type') ?? DEFAULT_INPUT_TYPE,
    embedding_types: ['float'],
  };
  const dimensions = readNumber(body, 'dimensions');
  if (dimensions !== undefined) request.output_dimension = dimensions;
  return request;
}

/**
 * Cohere's embed answer as OpenAI's `list` of embeddings, with the billed input tokens as usage.
 * `encoding_format: base64` is honoured (little-endian float32, as OpenAI encodes it).
 */
export function convertCohereEmbedResponse(
  payload: unknown,
  model: string,
  request: JsonObject | undefined,
): InternalAnswer {
  const parsed = cohereEmbedResponseSchema.safeParse(payload);
  if (!parsed.success) throw unexpectedCohereAnswer('embed');
  const base64 = request?.encoding_format === 'base64';
  const data = parsed.data.embeddings.float.map((vector, index) => ({
    object: 'embedding',
    index,
    embedding: base64 ? toBase64(vector) : vector,
  }));
  const promptTokens = parsed.data.meta?.billed_units?.input_tokens ?? 0;
  const usage: Usage | undefined =
    promptTokens > 0
      ? {
          promptTokens,
          completionTokens: 0,
          cachedTokens: 0,
          cacheCreationTokens: 0,
          reasoningTokens: 0,
        }
      : undefined;
  const completion: JsonObject = { object: 'list', data, model };
  completion.usage = usage
    ? { prompt_tokens: promptTokens, total_tokens: promptTokens }
    : { prompt_tokens: 0, total_tokens: 0 };
  return { completion, usage, completionText: '' };
}

function toBase64(vector: number[]): string {
  const bytes = Buffer.alloc(vector.length * 4);
  vector.forEach((value, index) => bytes.writeFloatLE(value, index * 4));
  return bytes.toString('base64');
}
