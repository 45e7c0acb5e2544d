import { fieldValue, numericField } from './form-fields.js';
import type { JsonRecord } from './json-shape.js';
import { MOCK_CREATED } from './openai-shapes.js';
import { sendProviderError } from './provider-errors.js';
import { promptTokensForCharacters } from './reply-content.js';
import { sendBytes, sendJson, type RouteContext } from './route-context.js';

/** A 1×1 PNG: every image the mock makes. */
export const MOCK_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const MOCK_PNG = Buffer.from(MOCK_PNG_BASE64, 'base64');

/** Output tokens reported per image by `gpt-image-*` models. */
export const IMAGE_OUTPUT_TOKENS = 272;
const MAX_IMAGES = 10;

/**
 * `POST /v1/images/generations` (JSON) and `/v1/images/edits` (multipart): `n` images as URLs served
 * by the mock, or as `b64_json` when `response_format` asks; `gpt-image-*` models add usage.
 */
export function handleImages(context: RouteContext): void {
  const prompt = fieldValue(context, 'prompt');
  if (prompt === undefined || prompt === '') {
    sendProviderError(context, 400, "'prompt' is a required property.", { param: 'prompt' });
    return;
  }
  const count = Math.min(Math.max(Math.floor(numericField(context, 'n') ?? 1), 1), MAX_IMAGES);
  const asBase64 = fieldValue(context, 'response_format') === 'b64_json';
  const data: JsonRecord[] = [];
  for (let index = 0; index < count; index += 1) {
    data.push(
      asBase64
        ? { b64_json: MOCK_PNG_BASE64 }
        : { url: `${context.baseUrl}/mock-files/image-${index}.png` },
    );
  }
  const response: JsonRecord = { created: MOCK_CREATED, data };
  if (context.model.startsWith('gpt-image') && !context.controls.omitUsage) {
    const inputTokens = promptTokensForCharacters(prompt.length);
    const outputTokens = count * IMAGE_OUTPUT_TOKENS;
    response.usage = {
      total_tokens: inputTokens + outputTokens,
      input_tokens: inputTokens,
      output_tokens: outputTokens,
      input_tokens_details: { text_tokens: inputTokens, image_tokens: 0 },
    };
  }
  sendJson(context, 200, response);
}

/** `GET /mock-files/image-<n>.png`: the image behind every URL the mock hands out. */
export function handleImageFile(context: RouteContext): void {
  sendBytes(context, 200, 'image/png', MOCK_PNG);
}
