import { RelayError } from '../../errors/relay-error.js';
import { readNumber, readString, type JsonObject } from '../json-guards.js';

/** DashScope writes sizes `W*H`; OpenAI's default size is 1024×1024. */
const DEFAULT_SIZE = '1024*1024';

/**
 * An OpenAI image generation request as the body of DashScope's asynchronous text-to-image task
 * (`wanx*` models): `{model, input: {prompt, negative_prompt?}, parameters: {size, n}}`, the size
 * `1024x1024` written `1024*1024`.
 */
export function convertToAliImageRequest(body: JsonObject, model: string): JsonObject {
  const prompt = readString(body, 'prompt');
  if (!prompt) throw RelayError.badRequest('prompt is required', 'invalid_image_request');
  const input: JsonObject = { prompt };
  const negative = readString(body, 'negative_prompt');
  if (negative) input.negative_prompt = negative;
  const size = readString(body, 'size');
  const n = readNumber(body, 'n');
  return {
    model,
    input,
    parameters: {
      size: size ? size.replace('x', '*') : DEFAULT_SIZE,
      n: n !== undefined && n >= 1 ? Math.floor(n) : 1,
    },
  };
}
