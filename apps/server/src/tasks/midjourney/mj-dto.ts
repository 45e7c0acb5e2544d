import type { MidjourneyRow } from '../../db/schema.js';
import type { OptionStore } from '../../options/option-store.js';
import { parseJson } from '../task-upstream.js';
import { imageLinkSignature } from './mj-image-link.js';

/** A task as Midjourney-proxy clients read it (reference §10.3). */
export interface MidjourneyDto {
  id: string;
  action: string;
  customId: string;
  botType: string;
  prompt: string;
  promptEn: string;
  description: string;
  state: string;
  submitTime: number;
  startTime: number;
  finishTime: number;
  imageUrl: string;
  status: string;
  progress: string;
  failReason: string;
  buttons: unknown;
  maskBase64: string;
  properties: unknown;
}

/**
 * The image address shown to clients and the console: this server's image proxy when
 * MjForwardUrlEnabled, signed so that it cannot be guessed from the task id (with a cache-busting
 * parameter while the image is still changing), else the upstream's own address.
 */
export function shownImageUrl(
  row: MidjourneyRow,
  options: OptionStore,
  secret: string,
  now = Date.now(),
): string {
  const stored = row.image_url ?? '';
  if (!stored || !options.getBoolean('MjForwardUrlEnabled')) return stored;
  const base = options.get('ServerAddress').replace(/\/+$/, '');
  const id = row.mj_id ?? '';
  const url = `${base}/mj/image/${encodeURIComponent(id)}?sig=${imageLinkSignature(id, secret)}`;
  return row.status === 'SUCCESS' ? url : `${url}&rand=${now}${process.hrtime()[1]}`;
}

/** A stored row in the Midjourney-proxy shape. */
export function toMidjourneyDto(
  row: MidjourneyRow,
  options: OptionStore,
  secret: string,
): MidjourneyDto {
  return {
    id: row.mj_id ?? '',
    action: row.action ?? '',
    customId: '',
    botType: '',
    prompt: row.prompt ?? '',
    promptEn: row.prompt_en ?? '',
    description: row.description ?? '',
    state: row.state ?? '',
    submitTime: Number(row.submit_time ?? 0),
    startTime: Number(row.start_time ?? 0),
    finishTime: Number(row.finish_time ?? 0),
    imageUrl: shownImageUrl(row, options, secret),
    status: row.status ?? '',
    progress: row.progress ?? '',
    failReason: row.fail_reason ?? '',
    buttons: (row.buttons && parseJson(row.buttons)) ?? [],
    maskBase64: '',
    properties: (row.properties && parseJson(row.properties)) ?? {},
  };
}
