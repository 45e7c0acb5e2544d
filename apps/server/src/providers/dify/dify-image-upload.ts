import { FormData, ProxyAgent, fetch, type Response } from 'undici';
import { RelayError } from '../../errors/relay-error.js';
import { parseJsonObject } from '../json-guards.js';
import type { RelayCallInput, UpstreamRequest } from '../provider-adaptor.js';
import { toRelayError } from '../upstream-error.js';
import { difyUploadAnswerSchema, type DifyChatRequest } from './dify-api-types.js';
import { parseDifyError } from './dify-errors.js';
import { difyImageUrls, isDataUrl } from './convert-to-dify-request.js';

/** How long one upload may take. */
const UPLOAD_TIMEOUT_MS = 60_000;
const DATA_URL = /^data:([^;,]*)((?:;[^;,]*)*?),(.*)$/s;

/** The bytes and media type of a `data:` URL; a malformed one is the client's mistake. */
export function decodeDataUrl(url: string): { mimeType: string; bytes: Buffer } {
  const match = DATA_URL.exec(url);
  if (!match) throw RelayError.badRequest('an image data URL is malformed', 'invalid_image_url');
  const mimeType = match[1] || 'application/octet-stream';
  const base64 = match[2]!.split(';').includes('base64');
  const payload = match[3]!;
  let bytes: Buffer;
  try {
    bytes = base64 ? Buffer.from(payload, 'base64') : Buffer.from(decodeURIComponent(payload));
  } catch {
    throw RelayError.badRequest('an image data URL is malformed', 'invalid_image_url');
  }
  return { mimeType, bytes };
}

/** Where uploads go: the channel's base URL and key, through its proxy when it has one. */
interface UploadTarget {
  base: string;
  key: string;
  proxy: ProxyAgent | undefined;
}

/** Sends one image to `POST {base}/v1/files/upload` (multipart `file` and `user`); its file id. */
async function uploadOne(target: UploadTarget, user: string, url: string): Promise<string> {
  const { base, key } = target;
  const { mimeType, bytes } = decodeDataUrl(url);
  const form = new FormData();
  const extension = mimeType.split('/')[1]?.replace(/[^a-z0-9]/gi, '') || 'bin';
  form.append('file', new Blob([new Uint8Array(bytes)], { type: mimeType }), `image.${extension}`);
  form.append('user', user);
  let response: Response;
  try {
    response = await fetch(`${base}/v1/files/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}` },
      body: form,
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
      dispatcher: target.proxy,
    });
  } catch {
    throw RelayError.upstream(500, 'Dify file upload failed', 'new_api_error', 'do_request_failed');
  }
  const text = await response.text();
  if (!response.ok) throw toRelayError(parseDifyError(response.status, text));
  const answer = difyUploadAnswerSchema.safeParse(parseJsonObject(text));
  if (!answer.success) {
    throw RelayError.upstream(
      500,
      'Dify answered a file upload without a file id',
      'upstream_error',
      'bad_upload_answer',
    );
  }
  return answer.data.id;
}

/**
 * Uploads the call's `data:` URL images to Dify (as new-api does before the chat call, through the
 * channel's proxy when it has one) and fills
 * the `upload_file_id` of their `local_file` entries, in order. A call without such images is
 * returned as built. Upload failures are upstream errors (a refused key rejects the channel).
 */
export async function uploadDifyImages(
  input: RelayCallInput,
  request: UpstreamRequest,
  base: string,
): Promise<UpstreamRequest> {
  const dataUrls = input.body ? difyImageUrls(input.body).filter(isDataUrl) : [];
  if (dataUrls.length === 0 || typeof request.body !== 'string') return request;
  const body = JSON.parse(request.body) as DifyChatRequest;
  const proxyUrl = input.channel.setting.proxy;
  // Uploads are rare: a proxy agent lives for one call's uploads only.
  const proxy = proxyUrl ? new ProxyAgent(proxyUrl) : undefined;
  const target = { base, key: input.channel.key, proxy };
  let ids: string[];
  try {
    ids = await Promise.all(dataUrls.map((url) => uploadOne(target, body.user, url)));
  } finally {
    void proxy?.close();
  }
  let next = 0;
  for (const file of body.files ?? []) {
    if (file.transfer_method === 'local_file' && file.upload_file_id === '') {
      file.upload_file_id = ids[next] ?? '';
      next += 1;
    }
  }
  return { ...request, body: JSON.stringify(body) };
}
