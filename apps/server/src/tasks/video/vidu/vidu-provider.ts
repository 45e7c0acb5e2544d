import { RelayError } from '../../../errors/relay-error.js';
import { videoPlatformOf } from '../../../providers/vendors.js';
import type { CachedChannel } from '../../../relay/channel-cache.js';
import { channelBase, parseJson } from '../../task-upstream.js';
import {
  aspectRatioOf,
  recordOf,
  referenceImages,
  resultFileRequest,
  type ReferenceImage,
} from '../video-conversion.js';
import type { VideoProvider, VideoReport, VideoTaskStatus } from '../video-provider.js';

/**
 * Vidu's own fields a client may send, passed on as they are (not `callback_url`: a callback
 * would tell the client the upstream's ids).
 */
const VIDU_FIELDS = [
  'style',
  'seed',
  'aspect_ratio',
  'resolution',
  'movement_amplitude',
  'bgm',
  'payload',
  'off_peak',
];

/** Vidu's task states (reference §10.6). */
const STATES: Readonly<Record<string, VideoTaskStatus>> = {
  created: 'QUEUED',
  queueing: 'QUEUED',
  processing: 'IN_PROGRESS',
  success: 'SUCCESS',
  failed: 'FAILURE',
};

/**
 * The endpoint for a number of reference images (as new-api): none text-to-video, one
 * image-to-video, two the first and last frames, more a reference-to-video task.
 */
function endpointFor(images: number): string {
  if (images === 0) return 'text2video';
  if (images === 1) return 'img2video';
  return images === 2 ? 'start-end2video' : 'reference2video';
}

/** Vidu's resolution tier of a size: `1080p`-style kept, `WxH` by its short side. */
function resolutionOf(size: string): string | undefined {
  if (/^\d+p$/.test(size)) return size;
  const match = /^(\d+)x(\d+)$/.exec(size);
  if (!match) return undefined;
  const short = Math.min(Number(match[1]), Number(match[2]));
  if (short >= 1080) return '1080p';
  if (short >= 720) return '720p';
  return short >= 540 ? '540p' : '360p';
}

/** An image as Vidu takes it: its address, or a `data:` URL of its bytes. */
function viduImage(image: ReferenceImage): string {
  return image.url ?? `data:${image.contentType ?? 'image/png'};base64,${image.base64 ?? ''}`;
}

function credentials(channel: CachedChannel): Record<string, string> {
  return { authorization: `Token ${channel.key}` };
}

/** The message of a Vidu error answer (`message`, `reason` or `err_code`), else its text. */
function viduMessage(text: string): string {
  const answer = recordOf(parseJson(text));
  for (const field of ['message', 'reason', 'err_code']) {
    const value = answer?.[field];
    if (typeof value === 'string' && value !== '') return value;
  }
  return text.slice(0, 500);
}

/**
 * Vidu (reference §10.6): OpenAI's video request as Vidu's (`model`, `prompt`, `duration` in
 * whole seconds, `resolution` and `aspect_ratio` from `size`, reference images as `images`), with
 * `Authorization: Token <key>`; a task is queried at `/ent/v2/tasks/{id}/creations`, its file is
 * `creations[0].url`.
 */
export const viduProvider: VideoProvider = {
  platform: 'vidu',

  serves: (channel) => videoPlatformOf(channel.type) === 'vidu',

  priceRatios: (call) => ({ seconds: Math.max(1, Math.round(call.seconds)) }),

  async submitRequest(call, upstreamModel, channel) {
    const images = referenceImages(call);
    const endpoint = endpointFor(images.length);
    const body: Record<string, unknown> = {};
    for (const name of VIDU_FIELDS) {
      if (call.fields[name] !== undefined && call.fields[name] !== null) {
        body[name] = call.fields[name];
      }
    }
    body.model = upstreamModel;
    if (call.prompt !== '') body.prompt = call.prompt;
    body.duration = Math.max(1, Math.round(call.seconds));
    body.resolution ??= resolutionOf(call.size);
    if (endpoint === 'text2video') body.aspect_ratio ??= aspectRatioOf(call.size);
    if (images.length > 0) body.images = images.map(viduImage);
    return {
      method: 'POST',
      url: `${channelBase(channel)}/ent/v2/${endpoint}`,
      headers: { 'content-type': 'application/json', ...credentials(channel) },
      body: JSON.stringify(body),
    };
  },

  readSubmitAnswer(status, text) {
    const answer = recordOf(parseJson(text));
    if (status < 200 || status >= 300 || !answer || answer.state === 'failed') {
      throw RelayError.upstream(
        status >= 400 ? status : 400,
        viduMessage(text),
        'upstream_error',
        'video_submit_failed',
      );
    }
    if (typeof answer.task_id !== 'string' || answer.task_id === '') {
      throw RelayError.upstream(502, 'upstream answered without a task id', 'upstream_error');
    }
    const video: Record<string, unknown> = { object: 'video' };
    if (typeof answer.duration === 'number') video.seconds = String(answer.duration);
    return { upstreamId: answer.task_id, video };
  },

  fetchRequest: (upstreamId, channel) => ({
    method: 'GET',
    url: `${channelBase(channel)}/ent/v2/tasks/${encodeURIComponent(upstreamId)}/creations`,
    headers: credentials(channel),
  }),

  readFetchAnswer(status, text): VideoReport {
    const answer = recordOf(parseJson(text));
    if (status !== 200 || !answer) {
      throw new Error(`vidu fetch answered ${status}: ${text.slice(0, 200)}`);
    }
    const mapped = STATES[String(answer.state)];
    if (!mapped) throw new Error(`vidu task state unknown: ${String(answer.state)}`);
    const report: VideoReport = { status: mapped, video: { object: 'video' } };
    if (mapped === 'IN_PROGRESS') report.progress = 50;
    const creations = Array.isArray(answer.creations) ? answer.creations : [];
    const url = recordOf(creations[0])?.url;
    if (mapped === 'SUCCESS' && typeof url === 'string' && url !== '') report.resultUrl = url;
    if (mapped === 'FAILURE') {
      const reason =
        typeof answer.err_code === 'string' && answer.err_code !== ''
          ? answer.err_code
          : 'task failed';
      report.failReason = reason;
      report.video.error = { code: 'video_generation_failed', message: reason };
    }
    return report;
  },

  contentRequest: (_upstreamId, _channel, variant, resultUrl) =>
    resultFileRequest('Vidu', variant, resultUrl),
};
