import { RelayError } from '../../errors/relay-error.js';
import type { InternalAnswer } from '../provider-adaptor.js';
import type { JsonObject } from '../json-guards.js';
import { geminiEmbeddingSchema } from './gemini-wire-schemas.js';

/** The texts of an OpenAI embeddings `input` (a string or an array of strings). */
export function embeddingInputs(body: JsonObject): string[] {
  const { input } = body;
  if (typeof input === 'string') return [input];
  if (Array.isArray(input) && input.length > 0 && input.every((item) => typeof item === 'string')) {
    return input as string[];
  }
  throw RelayError.badRequest('input must be a string or an array of strings for this channel');
}

/**
 * An OpenAI embeddings request as Gemini's: `embedContent` for one text, `batchEmbedContents`
 * (one request per text, each naming the model) for several; `dimensions` becomes
 * `outputDimensionality`.
 */
export function convertToGeminiEmbedding(
  body: JsonObject,
  model: string,
): { method: 'embedContent' | 'batchEmbedContents'; request: JsonObject } {
  const inputs = embeddingInputs(body);
  const dimensions = typeof body.dimensions === 'number' ? body.dimensions : undefined;
  const one = (text: string): JsonObject => {
    const request: JsonObject = { model: `models/${model}`, content: { parts: [{ text }] } };
    if (dimensions !== undefined) request.outputDimensionality = dimensions;
    return request;
  };
  if (inputs.length === 1) return { method: 'embedContent', request: one(inputs[0]) };
  return { method: 'batchEmbedContents', request: { requests: inputs.map(one) } };
}

/** A vector as OpenAI's `encoding_format: "base64"` sends it: little-endian float32 bytes. */
function base64Vector(values: readonly number[]): string {
  const bytes = Buffer.alloc(values.length * 4);
  values.forEach((value, index) => bytes.writeFloatLE(value, index * 4));
  return bytes.toString('base64');
}

/**
 * Gemini's embedding answer as OpenAI's list, in the encoding the client asked for (the `openai`
 * libraries ask for base64). Gemini reports no usage for embeddings, so usage is left to local
 * counting of the input (`completionText` is empty: embeddings generate nothing).
 */
export function convertGeminiEmbedding(
  text: string,
  model: string,
  encodingFormat: unknown,
): InternalAnswer {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = geminiEmbeddingSchema.safeParse(json);
  const vectors = parsed.success
    ? (parsed.data.embeddings ?? (parsed.data.embedding ? [parsed.data.embedding] : []))
    : [];
  if (vectors.length === 0) {
    throw RelayError.upstream(
      500,
      'upstream returned no embedding',
      'upstream_error',
      'unmarshal_response_body_failed',
    );
  }
  return {
    completion: {
      object: 'list',
      data: vectors.map((vector, index) => ({
        object: 'embedding',
        index,
        embedding: encodingFormat === 'base64' ? base64Vector(vector.values) : vector.values,
      })),
      model,
    },
    usage: undefined,
    completionText: '',
  };
}
