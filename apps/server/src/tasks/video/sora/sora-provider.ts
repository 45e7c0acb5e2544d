import { bearerCredentials } from '../../../providers/openai/openai-compatible-profile.js';
import { openAiProfileOf } from '../../../providers/vendors.js';
import { RelayError } from '../../../errors/relay-error.js';
import type { CachedChannel } from '../../../relay/channel-cache.js';
import { channelBase, parseJson } from '../../task-upstream.js';
import { encodeForm } from '../video-form.js';
import type {
  VideoCall,
  VideoProvider,
  VideoReport,
  VideoTaskStatus,
  VideoUpstreamRequest,
} from '../video-provider.js';

/** Size tiers (reference §10.2): the tall and wide 1024p sizes cost 1.666667 times 720p. */
const LARGE_SIZES = new Set(['1792x1024', '1024x1792']);
const LARGE_SIZE_RATIO = 1.666667;

/** Upstream statuses, lower-cased, and the task state each means (reference §10.2). */
const STATUSES: ReadonlyMap<string, VideoTaskStatus> = new Map([
  ...[
    'queued',
    'pending',
    'submitted',
    'not_start',
    'preparing',
    'unknown',
    'created',
    'starting',
  ].map((status) => [status, 'QUEUED'] as const),
  ...['processing', 'in_progress', 'running', 'generating'].map(
    (status) => [status, 'IN_PROGRESS'] as const,
  ),
  ...['completed', 'success', 'succeeded', 'finished'].map(
    (status) => [status, 'SUCCESS'] as const,
  ),
  ...['failed', 'error', 'cancelled'].map((status) => [status, 'FAILURE'] as const),
]);

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** `{root}/v1/videos…` on the channel (Azure: under `{base}/openai`), with its credentials. */
function soraRequest(
  channel: CachedChannel,
  method: 'GET' | 'POST',
  path: string,
  extra: { headers?: Record<string, string>; body?: string | Buffer } = {},
): VideoUpstreamRequest {
  const base = channelBase(channel);
  const profile = openAiProfileOf(channel.type);
  const root = profile?.responsesRoot?.(base) ?? base;
  return {
    method,
    url: `${root}/v1/videos${path}`,
    headers: { ...extra.headers, ...(profile?.credentialHeaders ?? bearerCredentials)(channel) },
    body: extra.body,
  };
}

/** The message of an OpenAI error answer, else the answer's text. */
function errorMessage(text: string): string {
  const message = record(record(parseJson(text))?.error)?.message;
  return typeof message === 'string' && message !== '' ? message : text.slice(0, 500);
}

/** A numeric progress from `N` or `"N%"`. */
function progressOf(value: unknown): number | undefined {
  const number = typeof value === 'string' ? Number.parseFloat(value) : value;
  return typeof number === 'number' && Number.isFinite(number)
    ? Math.min(100, Math.max(0, number))
    : undefined;
}

/**
 * OpenAI's videos API (Sora) on OpenAI and Azure channels (reference §10.2): the client's body
 * forwarded with the mapped model (a form rebuilt with its files), polled one task at a time,
 * its file fetched from the same API.
 */
export const soraProvider: VideoProvider = {
  platform: 'sora',

  serves: (channel) => openAiProfileOf(channel.type)?.servesVideos === true,

  priceRatios: (call) => ({
    seconds: call.seconds,
    size: LARGE_SIZES.has(call.size) ? LARGE_SIZE_RATIO : 1,
  }),

  async submitRequest(call: VideoCall, upstreamModel, channel) {
    if (!call.multipart) {
      return soraRequest(channel, 'POST', '', {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...call.fields, model: upstreamModel }),
      });
    }
    const form = await encodeForm({ ...call.fields, model: upstreamModel }, call.files);
    return soraRequest(channel, 'POST', '', {
      headers: { 'content-type': form.contentType },
      body: form.body,
    });
  },

  remixRequest(remix, channel) {
    return soraRequest(channel, 'POST', `/${encodeURIComponent(remix.upstreamId)}/remix`, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: remix.prompt }),
    });
  },

  readSubmitAnswer(status, text) {
    if (status < 200 || status >= 300) {
      throw RelayError.upstream(
        status,
        errorMessage(text),
        'upstream_error',
        'video_submit_failed',
      );
    }
    const video = record(parseJson(text));
    const id = video?.id ?? video?.task_id;
    if (!video || typeof id !== 'string' || id === '') {
      throw RelayError.upstream(502, 'upstream answered without a task id', 'upstream_error');
    }
    return { upstreamId: id, video };
  },

  fetchRequest: (upstreamId, channel) =>
    soraRequest(channel, 'GET', `/${encodeURIComponent(upstreamId)}`),

  readFetchAnswer(status, text): VideoReport {
    const video = record(parseJson(text));
    if (status !== 200 || !video) {
      throw new Error(`sora fetch answered ${status}: ${text.slice(0, 200)}`);
    }
    const upstreamStatus = typeof video.status === 'string' ? video.status.toLowerCase() : '';
    const mapped = STATUSES.get(upstreamStatus) ?? 'QUEUED';
    const report: VideoReport = { status: mapped, progress: progressOf(video.progress), video };
    if (mapped === 'FAILURE') {
      const message = record(video.error)?.message;
      report.failReason = typeof message === 'string' && message !== '' ? message : 'task failed';
    }
    return report;
  },

  contentRequest(upstreamId, channel, variant) {
    const query = variant ? `?variant=${encodeURIComponent(variant)}` : '';
    return soraRequest(channel, 'GET', `/${encodeURIComponent(upstreamId)}/content${query}`);
  },
};
