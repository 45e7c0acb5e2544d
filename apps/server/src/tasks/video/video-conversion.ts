import { RelayError } from '../../errors/relay-error.js';
import type { VideoCall, VideoUpstreamRequest } from './video-provider.js';

/**
 * What providers with their own request shapes (Kling, Jimeng, Vidu) read from a call in OpenAI's
 * shape: its reference images and the aspect ratio its size means.
 */

/** An object, or undefined for anything else. */
export function recordOf(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** A reference image: an address, or the file's bytes in base64 (without a `data:` prefix). */
export interface ReferenceImage {
  url?: string;
  base64?: string;
  contentType?: string;
}

const DATA_URL = /^data:([^;,]+)?;base64,(.*)$/s;

/** An image named by text: a `data:` URL becomes its base64, anything else is an address. */
function namedImage(text: string): ReferenceImage | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const data = DATA_URL.exec(trimmed);
  return data ? { base64: data[2]!, contentType: data[1] } : { url: trimmed };
}

/**
 * The call's reference images, in order: a form's files (`input_reference`), then
 * `input_reference` given as text or `{image_url}` (how the generic face passes `image`), then
 * `image` and `images` fields (a native face's).
 */
export function referenceImages(call: Pick<VideoCall, 'fields' | 'files'>): ReferenceImage[] {
  const images: ReferenceImage[] = call.files.map((file) => ({
    base64: file.bytes.toString('base64'),
    contentType: file.contentType,
  }));
  const named = [
    call.fields.input_reference,
    recordOf(call.fields.input_reference)?.image_url,
    call.fields.image,
    ...(Array.isArray(call.fields.images) ? call.fields.images : []),
  ];
  for (const value of named) {
    const image = typeof value === 'string' ? namedImage(value) : undefined;
    if (image) images.push(image);
  }
  return images;
}

/** The ratios video platforms take, as width / height. */
const RATIOS: ReadonlyArray<[string, number]> = [
  ['16:9', 16 / 9],
  ['9:16', 9 / 16],
  ['1:1', 1],
  ['4:3', 4 / 3],
  ['3:4', 3 / 4],
  ['21:9', 21 / 9],
];

/**
 * The aspect ratio `size` means: `WxH` becomes the nearest of 16:9, 9:16, 1:1, 4:3, 3:4 and
 * 21:9 (`1280x720` → `16:9`); a ratio given as `W:H` is kept; undefined for none.
 */
export function aspectRatioOf(size: string, offered: readonly string[] = ['16:9', '9:16', '1:1']) {
  if (/^\d+:\d+$/.test(size)) return size;
  const match = /^(\d+)x(\d+)$/.exec(size);
  if (!match || Number(match[2]) === 0) return undefined;
  const ratio = Number(match[1]) / Number(match[2]);
  let best: string | undefined;
  let distance = Infinity;
  for (const [name, value] of RATIOS) {
    if (!offered.includes(name)) continue;
    const gap = Math.abs(Math.log(ratio / value));
    if (gap < distance) [best, distance] = [name, gap];
  }
  return best;
}

/**
 * The file of a platform whose task report names its address (`VideoReport.resultUrl`): fetched
 * as named, without the channel's credentials. Such platforms make videos only (no thumbnail or
 * spritesheet variant).
 */
export function resultFileRequest(
  platform: string,
  variant: string | undefined,
  resultUrl: string | undefined,
): VideoUpstreamRequest {
  if (variant && variant !== 'video') {
    throw new RelayError(
      404,
      `${platform} videos have no ${variant}.`,
      'invalid_request_error',
      'variant_not_supported',
    );
  }
  if (!resultUrl) throw RelayError.upstream(502, 'the upstream named no video file');
  return { method: 'GET', url: resultUrl, headers: {} };
}
