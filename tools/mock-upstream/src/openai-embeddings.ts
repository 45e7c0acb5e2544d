import { readNumber, type JsonRecord } from './json-shape.js';
import { FALLBACK_MODEL } from './openai-shapes.js';
import { sendProviderError } from './provider-errors.js';
import { promptTokensForCharacters } from './reply-content.js';
import { sendJson, type RouteContext } from './route-context.js';

export const DEFAULT_EMBEDDING_DIMENSIONS = 8;
const MAX_DIMENSIONS = 8192;

/** FNV-1a: a stable 32-bit seed per input. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0 || 1;
}

/**
 * The unit-length vector of `dimensions` values the mock returns for `text`: the same text always
 * gets the same vector, rounded to 6 decimals.
 */
export function mockEmbedding(text: string, dimensions: number): number[] {
  let state = hash(text);
  const values: number[] = [];
  let squares = 0;
  for (let index = 0; index < dimensions; index += 1) {
    // xorshift32
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    const value = state / 0xffffffff - 0.5;
    values.push(value);
    squares += value * value;
  }
  const norm = Math.sqrt(squares) || 1;
  return values.map((value) => Math.round((value / norm) * 1e6) / 1e6);
}

/** The inputs as texts (token arrays joined by commas) and their prompt characters. */
function embeddingInputs(input: unknown): { texts: string[]; characters: number } | undefined {
  if (typeof input === 'string') return { texts: [input], characters: input.length };
  if (!Array.isArray(input) || input.length === 0) return undefined;
  if (input.every((item) => typeof item === 'number')) {
    return { texts: [input.join(',')], characters: input.length * 4 };
  }
  const texts: string[] = [];
  let characters = 0;
  for (const item of input) {
    if (typeof item === 'string') {
      texts.push(item);
      characters += item.length;
    } else if (Array.isArray(item)) {
      texts.push(item.join(','));
      characters += item.length * 4;
    } else {
      return undefined;
    }
  }
  return { texts, characters };
}

function toBase64(vector: number[]): string {
  return Buffer.from(new Float32Array(vector).buffer).toString('base64');
}

/**
 * `POST /v1/embeddings`: one deterministic vector per input (8 dimensions unless `dimensions`),
 * as floats or, with `encoding_format: "base64"`, as little-endian float32 bytes.
 */
export function handleEmbeddings(context: RouteContext): void {
  const { body, controls } = context;
  const inputs = embeddingInputs(body.input);
  if (inputs === undefined) {
    sendProviderError(context, 400, "'input' must be a string or a non-empty array.", {
      param: 'input',
    });
    return;
  }
  const requested = readNumber(body, 'dimensions');
  const dimensions =
    requested !== undefined && requested >= 1
      ? Math.min(Math.floor(requested), MAX_DIMENSIONS)
      : DEFAULT_EMBEDDING_DIMENSIONS;
  const base64 = body.encoding_format === 'base64';
  const data = inputs.texts.map((text, index) => {
    const vector = mockEmbedding(text, dimensions);
    return { object: 'embedding', index, embedding: base64 ? toBase64(vector) : vector };
  });
  const response: JsonRecord = { object: 'list', data, model: context.model || FALLBACK_MODEL };
  if (!controls.omitUsage) {
    const tokens = promptTokensForCharacters(inputs.characters);
    response.usage = { prompt_tokens: tokens, total_tokens: tokens };
  }
  sendJson(context, 200, response);
}
