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
import { volcengineSignerFor } from './volcengine-signer.js';

/** The visual API's version and the code of a successful answer. */
const VERSION = '2022-08-31';
const SUCCESS_CODE = 10000;
/** Codes that say "not now" (rate or concurrency limit, internal error): polled again later. */
const TRANSIENT_CODES = new Set([50429, 50430, 50500, 50501]);
/** Jimeng's own fields a client may send, passed on as they are. */
const JIMENG_FIELDS = ['seed', 'aspect_ratio', 'frames'];
const ASPECT_RATIOS = ['16:9', '4:3', '1:1', '3:4', '9:16', '21:9'];

/** Task states of `CVSync2AsyncGetResult`. */
const STATUSES: Readonly<Record<string, VideoTaskStatus>> = {
  in_queue: 'QUEUED',
  generating: 'IN_PROGRESS',
  done: 'SUCCESS',
  not_found: 'FAILURE',
  expired: 'FAILURE',
};

/**
 * The `req_key` of a model for a number of reference images (as new-api): the Jimeng 3.0 family
 * (`jimeng_v30…`) has one key per kind of task; other models are their own key.
 */
export function jimengReqKey(model: string, images: number): string {
  if (!model.includes('jimeng_v30')) return model;
  if (model === 'jimeng_v30_pro') return 'jimeng_ti2v_v30_pro';
  if (images > 1) {
    return model.replace('jimeng_v30', 'jimeng_i2v_first_tail_v30').replace(/p$/, '');
  }
  if (images === 1) return model.replace('jimeng_v30', 'jimeng_i2v_first_v30').replace(/p$/, '');
  return model.replace('jimeng_v30', 'jimeng_t2v_v30');
}

/** Jimeng makes 5 s and 10 s clips (121 or 241 frames at 24 fps). */
export function jimengSeconds(seconds: number): 5 | 10 {
  return seconds > 5 ? 10 : 5;
}

/** A signed `POST {base}/?Action=…&Version=2022-08-31` with a JSON body. */
async function actionRequest(
  channel: CachedChannel,
  action: 'CVSync2AsyncSubmitTask' | 'CVSync2AsyncGetResult',
  body: Record<string, unknown>,
): Promise<VideoUpstreamRequest> {
  const url = `${channelBase(channel)}/?Action=${action}&Version=${VERSION}`;
  const text = JSON.stringify(body);
  const headers = await volcengineSignerFor(channel.key).sign(
    'POST',
    url,
    { 'content-type': 'application/json' },
    text,
  );
  return { method: 'POST', url, headers, body: text };
}

/** The message of an answer: the API's `message`, the gateway's `ResponseMetadata.Error`, or text. */
function jimengMessage(text: string): string {
  const answer = recordOf(parseJson(text));
  const gateway = recordOf(recordOf(answer?.ResponseMetadata)?.Error)?.Message;
  const message = answer?.message ?? gateway;
  return typeof message === 'string' && message !== '' ? message : text.slice(0, 500);
}

/** `{req_key}/{task id}`, the upstream id Tollgate keeps (a query names both). */
function splitUpstreamId(upstreamId: string): { reqKey: string; taskId: string } {
  const slash = upstreamId.indexOf('/');
  if (slash <= 0) throw new Error(`not a Jimeng task id: ${upstreamId}`);
  return { reqKey: upstreamId.slice(0, slash), taskId: upstreamId.slice(slash + 1) };
}

/**
 * Jimeng on Volcengine's visual API (reference §10.5): OpenAI's video request as
 * `CVSync2AsyncSubmitTask`'s (`req_key` from the model, `prompt`, `aspect_ratio` from `size`,
 * `frames` for 5 or 10 s, reference images as `image_urls` or `binary_data_base64`), each request
 * signed with the channel's `AccessKeyID|SecretAccessKey` (Volcengine V4, service `cv`, region
 * `cn-north-1`); polled with `CVSync2AsyncGetResult`, whose `video_url` is the file.
 */
export const jimengProvider: VideoProvider = {
  platform: 'jimeng',

  serves: (channel) => videoPlatformOf(channel.type) === 'jimeng',

  priceRatios: (call) => ({ seconds: jimengSeconds(call.seconds) }),

  submitRequest(call, upstreamModel, channel) {
    const images = referenceImages(call);
    const body: Record<string, unknown> = {};
    for (const name of JIMENG_FIELDS) {
      if (call.fields[name] !== undefined && call.fields[name] !== null) {
        body[name] = call.fields[name];
      }
    }
    body.req_key = jimengReqKey(upstreamModel, images.length);
    if (call.prompt !== '') body.prompt = call.prompt;
    body.frames ??= jimengSeconds(call.seconds) * 24 + 1;
    body.aspect_ratio ??= aspectRatioOf(call.size, ASPECT_RATIOS);
    if (images.length > 0 && images.every((image) => image.url)) {
      body.image_urls = images.map((image) => image.url);
    } else if (images.length > 0) {
      if (images.some((image) => image.url)) {
        throw RelayError.badRequest(
          'Jimeng takes reference images either all as addresses or all as files',
          'invalid_request',
        );
      }
      body.binary_data_base64 = images.map((image) => image.base64);
    }
    return actionRequest(channel, 'CVSync2AsyncSubmitTask', body);
  },

  readSubmitAnswer(status, text, request) {
    const answer = recordOf(parseJson(text));
    const taskId = recordOf(answer?.data)?.task_id;
    if (status < 200 || status >= 300 || answer?.code !== SUCCESS_CODE) {
      throw RelayError.upstream(
        status >= 400 ? status : 400,
        jimengMessage(text),
        'upstream_error',
        'video_submit_failed',
      );
    }
    if (typeof taskId !== 'string' || taskId === '') {
      throw RelayError.upstream(502, 'upstream answered without a task id', 'upstream_error');
    }
    const sent = recordOf(parseJson(String(request.body ?? '')));
    return { upstreamId: `${String(sent?.req_key ?? '')}/${taskId}`, video: { object: 'video' } };
  },

  fetchRequest(upstreamId, channel) {
    const { reqKey, taskId } = splitUpstreamId(upstreamId);
    return actionRequest(channel, 'CVSync2AsyncGetResult', { req_key: reqKey, task_id: taskId });
  },

  readFetchAnswer(status, text): VideoReport {
    const answer = recordOf(parseJson(text));
    const code = answer?.code;
    if (typeof code !== 'number' || TRANSIENT_CODES.has(code)) {
      throw new Error(`jimeng fetch answered ${status}: ${text.slice(0, 200)}`);
    }
    const data = recordOf(answer?.data) ?? {};
    const mapped = code === SUCCESS_CODE ? STATUSES[String(data.status)] : 'FAILURE';
    if (!mapped) throw new Error(`jimeng task status unknown: ${String(data.status)}`);
    const report: VideoReport = { status: mapped, video: { object: 'video' } };
    if (mapped === 'IN_PROGRESS') report.progress = 50;
    if (mapped === 'SUCCESS' && typeof data.video_url === 'string' && data.video_url !== '') {
      report.resultUrl = data.video_url;
    }
    if (mapped === 'FAILURE') {
      const reason = code === SUCCESS_CODE ? `task ${String(data.status)}` : jimengMessage(text);
      report.failReason = reason;
      report.video.error = { code: 'video_generation_failed', message: reason };
    }
    return report;
  },

  contentRequest: (_upstreamId, _channel, variant, resultUrl) =>
    resultFileRequest('Jimeng', variant, resultUrl),
};
