import { RelayError } from '../../errors/relay-error.js';
import { readNumber, type JsonObject } from '../json-guards.js';
import type { InternalAnswer } from '../provider-adaptor.js';
import type { Usage } from '../usage.js';
import { dashScopeEmbeddingResponseSchema } from './ali-api-types.js';

/** The model DashScope embeds with when the request names none. */
export const DEFAULT_ALI_EMBEDDING_MODEL = 'text-embedding-v1';

/**
 * An OpenAI embeddings request as DashScope's native text-embedding body:
 * `{model, input: {texts}, parameters?}` (`dimensions` → `parameters.dimension`, which the v3
 * models honour).
 */
export function convertToAliEmbeddingRequest(body: JsonObject, model: string): JsonObject {
  const input = typeof body.input === 'string' ? [body.input] : body.input;
  if (
    !Array.isArray(input) ||
    input.length === 0 ||
    !input.every((item) => typeof item === 'string')
  ) {
    throw RelayError.badRequest('input must be a string or an array of strings for this channel');
  }
  const request: JsonObject = {
    model: model || DEFAULT_ALI_EMBEDDING_MODEL,
    input: { texts: input },
  };
  const dimensions = readNumber(body, 'dimensions');
  if (dimensions !== undefined) request.parameters = { dimension: dimensions };
  return request;
}

/**
 * DashScope's embeddings answer as OpenAI's `list`, each vector at its `text_index`, usage =
 * DashScope's `total_tokens` (all input). `encoding_format: base64` is honoured (little-endian
 * float32, as OpenAI encodes it).
 */
export function convertAliEmbeddingResponse(
  payload: unknown,
  model: string,
  request: JsonObject | undefined,
): InternalAnswer {
  const parsed = dashScopeEmbeddingResponseSchema.safeParse(payload);
  if (!parsed.success) {
    throw RelayError.upstream(
      500,
      'upstream returned an embeddings answer of an unexpected shape',
      'upstream_error',
      'unmarshal_response_body_failed',
    );
  }
  const base64 = request?.encoding_format === 'base64';
  const data = [...parsed.data.output.embeddings]
    .sort((left, right) => left.text_index - right.text_index)
    .map((item) => ({
      object: 'embedding',
      index: item.text_index,
      embedding: base64 ? toBase64(item.embedding) : item.embedding,
    }));
  const tokens = parsed.data.usage?.total_tokens ?? 0;
  const usage: Usage | undefined =
    tokens > 0
      ? {
          promptTokens: tokens,
          completionTokens: 0,
          cachedTokens: 0,
          cacheCreationTokens: 0,
          reasoningTokens: 0,
        }
      : undefined;
  const completion: JsonObject = {
    object: 'list',
    data,
    model,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  };
  return { completion, usage, completionText: '' };
}

function toBase64(vector: number[]): string {
  const bytes = Buffer.alloc(vector.length * 4);
  vector.forEach((value, index) => bytes.writeFloatLE(value, index * 4));
  return bytes.toString('base64');
}
