import { RelayError } from '../../errors/relay-error.js';
import type { InternalAnswer } from '../provider-adaptor.js';
import { parseJsonObject, type JsonObject } from '../json-guards.js';
import { imagenPredictionSchema } from './gemini-wire-schemas.js';

/** Imagen's aspect ratio for an OpenAI image size (square for any other size). */
function aspectRatio(size: unknown): string {
  if (size === '1024x1792') return '9:16';
  if (size === '1792x1024') return '16:9';
  return '1:1';
}

/** An OpenAI image generation request as Imagen's `:predict` body. */
export function convertToImagenRequest(body: JsonObject): JsonObject {
  const prompt = body.prompt;
  if (typeof prompt !== 'string' || prompt === '') {
    throw RelayError.badRequest('prompt is required', 'invalid_image_request');
  }
  const n = typeof body.n === 'number' && body.n >= 1 ? Math.floor(body.n) : 1;
  return {
    instances: [{ prompt }],
    parameters: {
      sampleCount: n,
      aspectRatio: aspectRatio(body.size),
      personGeneration: 'allow_adult',
    },
  };
}

/**
 * Imagen's predictions as OpenAI's image answer: every image as `b64_json` (Imagen returns bytes,
 * never URLs), images withheld by its safety filter left out. Images are priced per request, so
 * no usage is read.
 */
export function convertImagenAnswer(text: string): InternalAnswer {
  const json = parseJsonObject(text);
  const parsed = imagenPredictionSchema.safeParse(json);
  const images = parsed.success
    ? (parsed.data.predictions ?? []).filter((prediction) => prediction.bytesBase64Encoded)
    : [];
  if (images.length === 0) {
    throw RelayError.upstream(
      500,
      'upstream returned no image (all filtered or a malformed answer)',
      'upstream_error',
      'no_image_returned',
    );
  }
  return {
    completion: {
      created: Math.floor(Date.now() / 1000),
      data: images.map((image) => ({ b64_json: image.bytesBase64Encoded })),
    },
    usage: undefined,
    completionText: '',
  };
}
