import { RelayError } from '../../errors/relay-error.js';
import { readClientJsonObject } from '../../relay/parse-relay-body.js';
import { readForm } from './video-form.js';
import type { VideoCall } from './video-provider.js';

/** OpenAI's defaults: `sora-2`, 4 seconds. */
export const DEFAULT_VIDEO_MODEL = 'sora-2';
export const DEFAULT_VIDEO_SECONDS = 4;

/** Fields Tollgate reads itself and never forwards (`group` is new-api's local field). */
const LOCAL_FIELDS = new Set(['model', 'group']);

/** A field as trimmed text ('' when it is neither a string nor a number). */
function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

/** The clip length a request asks for: `seconds`, else `duration`, else 4 (reference §10.2). */
function secondsOf(fields: Record<string, unknown>): number {
  const given = text(fields.seconds) || text(fields.duration);
  if (given === '') return DEFAULT_VIDEO_SECONDS;
  const seconds = Number(given);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) {
    throw RelayError.badRequest(`Invalid seconds: ${given}`, 'invalid_seconds');
  }
  return seconds;
}

/** The call of a request's fields: the prompt required, seconds and size read for the price. */
function completed(
  model: string,
  fields: Record<string, unknown>,
  call: Omit<VideoCall, 'model' | 'prompt' | 'seconds' | 'size' | 'fields'>,
): VideoCall {
  const prompt = text(fields.prompt);
  if (prompt === '') throw RelayError.badRequest('prompt is required', 'invalid_prompt');
  return {
    ...call,
    model: model || DEFAULT_VIDEO_MODEL,
    prompt,
    seconds: secondsOf(fields),
    size: text(fields.size),
    fields,
  };
}

/** The fields to forward: all but Tollgate's own. */
function withoutLocal(source: Record<string, unknown>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(source)) {
    if (!LOCAL_FIELDS.has(name)) fields[name] = value;
  }
  return fields;
}

/**
 * `POST /v1/videos`: OpenAI's create-video request, JSON or `multipart/form-data` (with an
 * `input_reference` file). Every field but `model` and `group` is forwarded as sent.
 */
export async function readVideoCall(body: Buffer, contentType: string): Promise<VideoCall> {
  if (contentType.toLowerCase().startsWith('multipart/form-data')) {
    const form = await readForm(body, contentType).catch(() => {
      throw RelayError.badRequest('Invalid request, malformed multipart body', 'invalid_request');
    });
    return completed(text(form.fields.model), withoutLocal(form.fields), {
      files: form.files,
      multipart: true,
    });
  }
  const json = readClientJsonObject(body);
  return completed(text(json.model), withoutLocal(json), { files: [], multipart: false });
}

/**
 * `POST /v1/video/generations`: new-api's unified request `{model, prompt, image?, duration?,
 * seconds?, size?, metadata?}` (reference §10.1), as the OpenAI request it means: `image` becomes
 * `input_reference.image_url`, `duration` `seconds`, and `metadata`'s fields are sent as fields
 * of their own (a provider's extras).
 */
export function readGenerationCall(body: Buffer): VideoCall {
  const json = readClientJsonObject(body);
  const metadata =
    typeof json.metadata === 'object' && json.metadata !== null && !Array.isArray(json.metadata)
      ? (json.metadata as Record<string, unknown>)
      : {};
  const fields: Record<string, unknown> = { ...withoutLocal(metadata), prompt: json.prompt };
  const seconds = text(json.seconds) || text(json.duration);
  if (seconds !== '') fields.seconds = seconds;
  if (text(json.size) !== '') fields.size = text(json.size);
  if (text(json.image) !== '') fields.input_reference = { image_url: text(json.image) };
  return completed(text(json.model), fields, { files: [], multipart: false });
}
