import { RelayError } from '../../../errors/relay-error.js';
import { videoPlatformOf } from '../../../providers/vendors.js';
import type { CachedChannel } from '../../../relay/channel-cache.js';
import { channelBase, parseJson } from '../../task-upstream.js';
import {
  aspectRatioOf,
  recordOf,
  referenceImages,
  resultFileRequest,
} from '../video-conversion.js';
import type {
  VideoProvider,
  VideoReport,
  VideoTaskStatus,
  VideoUpstreamRequest,
} from '../video-provider.js';
import { klingToken } from './kling-token.js';

/** Kling's two generation endpoints; a task is queried under the one that made it. */
export type KlingEndpoint = 'text2video' | 'image2video';

/**
 * Kling's own fields a client may send (the OpenAI face passes them as extra fields, the native
 * face as they are). Its `callback_url` and `external_task_id` are not passed on: a callback would
 * tell the client the upstream's ids, and an external id is Tollgate's to give.
 */
const KLING_FIELDS = [
  'negative_prompt',
  'cfg_scale',
  'mode',
  'aspect_ratio',
  'camera_control',
  'image_tail',
  'static_mask',
  'dynamic_masks',
  'sound',
  'watermark_info',
];

/** Kling's task states (reference §10.4). */
const STATUSES: Readonly<Record<string, VideoTaskStatus>> = {
  submitted: 'QUEUED',
  processing: 'IN_PROGRESS',
  succeed: 'SUCCESS',
  failed: 'FAILURE',
};

/** Kling makes 5 s and 10 s clips: a call asks for the shortest that is at least as long. */
export function klingSeconds(seconds: number): 5 | 10 {
  return seconds > 5 ? 10 : 5;
}

async function credentials(channel: CachedChannel): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await klingToken(channel.key)}` };
}

/** The message of a Kling answer (`{code, message}`), else its text. */
function klingMessage(text: string): string {
  const message = recordOf(parseJson(text))?.message;
  return typeof message === 'string' && message !== '' ? message : text.slice(0, 500);
}

/** Unix seconds of Kling's millisecond times. */
function seconds(value: unknown): number | undefined {
  return typeof value === 'number' && value > 0 ? Math.floor(value / 1000) : undefined;
}

/** `{endpoint}/{task id}`, the upstream id Tollgate keeps for a Kling task. */
function splitUpstreamId(upstreamId: string): { endpoint: KlingEndpoint; taskId: string } {
  const slash = upstreamId.indexOf('/');
  const endpoint = upstreamId.slice(0, slash);
  if (slash < 0 || (endpoint !== 'text2video' && endpoint !== 'image2video')) {
    throw new Error(`not a Kling task id: ${upstreamId}`);
  }
  return { endpoint, taskId: upstreamId.slice(slash + 1) };
}

/** A Kling task (`data` of its answers) in OpenAI's video object shape. */
function klingVideo(data: Record<string, unknown>, status: VideoTaskStatus | undefined) {
  const videos = recordOf(data.task_result)?.videos;
  const first = Array.isArray(videos) ? recordOf(videos[0]) : undefined;
  const finished = status === 'SUCCESS' || status === 'FAILURE';
  const object: Record<string, unknown> = { object: 'video', created_at: seconds(data.created_at) };
  if (finished) object.completed_at = seconds(data.updated_at) ?? null;
  if (typeof first?.duration === 'string' && first.duration !== '') object.seconds = first.duration;
  if (status === 'FAILURE') {
    object.error = {
      code: 'video_generation_failed',
      message: typeof data.task_status_msg === 'string' ? data.task_status_msg : 'task failed',
    };
  }
  return { object, url: typeof first?.url === 'string' ? first.url : undefined };
}

/**
 * Kling (reference §10.4): OpenAI's video request as Kling's (`model_name`, `prompt`, `duration`
 * 5 or 10, `aspect_ratio` from `size`, the first reference image as `image`, which makes it an
 * image-to-video task), each call authorised by a short-lived JWT made from the channel's
 * `AccessKey|SecretKey`. The result's `videos[0].url` is where the file is fetched from.
 */
export const klingProvider: VideoProvider = {
  platform: 'kling',

  serves: (channel) => videoPlatformOf(channel.type) === 'kling',

  priceRatios: (call) => ({ seconds: klingSeconds(call.seconds) }),

  async submitRequest(call, upstreamModel, channel) {
    const [image] = referenceImages(call);
    const endpoint: KlingEndpoint = image ? 'image2video' : 'text2video';
    const body: Record<string, unknown> = {};
    for (const name of KLING_FIELDS) {
      if (call.fields[name] !== undefined && call.fields[name] !== null) {
        body[name] = call.fields[name];
      }
    }
    body.model_name = upstreamModel;
    if (call.prompt !== '') body.prompt = call.prompt;
    body.duration = String(klingSeconds(call.seconds));
    body.aspect_ratio ??= aspectRatioOf(call.size);
    if (image) body.image = image.url ?? image.base64;
    return {
      method: 'POST',
      url: `${channelBase(channel)}/v1/videos/${endpoint}`,
      headers: { 'content-type': 'application/json', ...(await credentials(channel)) },
      body: JSON.stringify(body),
    };
  },

  readSubmitAnswer(status, text, request: VideoUpstreamRequest) {
    const answer = recordOf(parseJson(text));
    if (status < 200 || status >= 300 || answer?.code !== 0) {
      throw RelayError.upstream(
        status >= 400 ? status : 400,
        klingMessage(text),
        'upstream_error',
        'video_submit_failed',
      );
    }
    const data = recordOf(answer.data) ?? {};
    if (typeof data.task_id !== 'string' || data.task_id === '') {
      throw RelayError.upstream(502, 'upstream answered without a task id', 'upstream_error');
    }
    const endpoint: KlingEndpoint = request.url.endsWith('/image2video')
      ? 'image2video'
      : 'text2video';
    return {
      upstreamId: `${endpoint}/${data.task_id}`,
      video: klingVideo(data, 'QUEUED').object,
    };
  },

  async fetchRequest(upstreamId, channel) {
    const { endpoint, taskId } = splitUpstreamId(upstreamId);
    return {
      method: 'GET',
      url: `${channelBase(channel)}/v1/videos/${endpoint}/${encodeURIComponent(taskId)}`,
      headers: await credentials(channel),
    };
  },

  readFetchAnswer(status, text): VideoReport {
    const answer = recordOf(parseJson(text));
    const data = recordOf(answer?.data);
    if (status !== 200 || answer?.code !== 0 || !data) {
      throw new Error(`kling fetch answered ${status}: ${text.slice(0, 200)}`);
    }
    const mapped = STATUSES[String(data.task_status)];
    if (!mapped) throw new Error(`kling task status unknown: ${String(data.task_status)}`);
    const { object, url } = klingVideo(data, mapped);
    const report: VideoReport = { status: mapped, video: object };
    if (mapped === 'IN_PROGRESS') report.progress = 50;
    if (mapped === 'SUCCESS' && url) report.resultUrl = url;
    if (mapped === 'FAILURE') report.failReason = (object.error as { message: string }).message;
    return report;
  },

  contentRequest: (_upstreamId, _channel, variant, resultUrl) =>
    resultFileRequest('Kling', variant, resultUrl),
};
