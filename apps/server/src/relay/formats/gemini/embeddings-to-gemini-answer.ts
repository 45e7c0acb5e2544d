import { RelayError } from '../../../errors/relay-error.js';
import type { GeminiEmbedMethod } from './gemini-embed-request.js';
import { isRecord } from './gemini-request-guards.js';

/** A vector as OpenAI sends it: numbers, or `encoding_format: "base64"`'s float32 bytes. */
function vectorValues(embedding: unknown): number[] | undefined {
  if (Array.isArray(embedding) && embedding.every((value) => typeof value === 'number')) {
    return embedding as number[];
  }
  if (typeof embedding !== 'string') return undefined;
  const bytes = Buffer.from(embedding, 'base64');
  const values: number[] = [];
  for (let offset = 0; offset + 4 <= bytes.length; offset += 4) {
    values.push(bytes.readFloatLE(offset));
  }
  return values;
}

/**
 * An OpenAI embeddings list (the internal answer of an embeddings call) in Gemini's shape:
 * `{embedding: {values}}` for embedContent, `{embeddings: [{values}…]}` for batchEmbedContents,
 * in the order of the requests (OpenAI's `index`). Gemini's answer carries no usage, so none is
 * written; the call is billed from the usage read beside it.
 */
export function embeddingsToGeminiAnswer(
  method: GeminiEmbedMethod,
  completion: Record<string, unknown>,
): Record<string, unknown> {
  const data = Array.isArray(completion.data) ? completion.data.filter(isRecord) : [];
  const ordered = [...data].sort(
    (left, right) => (Number(left.index) || 0) - (Number(right.index) || 0),
  );
  const vectors = ordered.map((item) => vectorValues(item.embedding));
  if (vectors.length === 0 || vectors.some((values) => values === undefined)) {
    throw RelayError.upstream(
      500,
      'upstream returned no embedding',
      'upstream_error',
      'unmarshal_response_body_failed',
    );
  }
  const embeddings = vectors.map((values) => ({ values: values! }));
  return method === 'embedContent' ? { embedding: embeddings[0] } : { embeddings };
}
