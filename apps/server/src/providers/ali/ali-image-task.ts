import { RelayError } from '../../errors/relay-error.js';
import { OutboundBodyTooLarge, readOutboundBody } from '../../lib/outbound-guard/outbound-body.js';
import type { OutboundGuard } from '../../lib/outbound-guard/outbound-guard.js';
import { findOutboundRefusal } from '../../lib/outbound-guard/outbound-refused-error.js';
import { parseJsonObject, type JsonObject } from '../json-guards.js';
import type { RelayCallInput } from '../provider-adaptor.js';
import type { UpstreamFetch } from '../upstream-exchange.js';
import { toRelayError } from '../upstream-error.js';
import { dashScopeTaskSchema, type DashScopeTask } from './ali-api-types.js';
import { dashScopeError, parseDashScopeError } from './ali-error.js';

/** How long and how often an image task is polled. */
export interface AliTaskPolling {
  /** Wait before the first poll; each later wait doubles, up to `maxDelayMs`. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** The task must finish within this long after submission, else the call fails (504). */
  timeoutMs: number;
}

/** Text-to-image tasks take seconds to a minute: poll soon, then every few seconds, for 3 min. */
export const DEFAULT_ALI_TASK_POLLING: AliTaskPolling = {
  firstDelayMs: 250,
  maxDelayMs: 4000,
  timeoutMs: 180_000,
};

const FAILED_STATUSES = new Set(['FAILED', 'UNKNOWN', 'CANCELED']);

/** What finishing an image task needs besides the submission's answer. */
export interface AliImageTaskCall {
  input: RelayCallInput;
  /** The channel's base URL without trailing slash. */
  base: string;
  /** Headers of each poll (the credential). */
  headers: Record<string, string>;
  fetch: UpstreamFetch;
  /** Downloads result images that are not on the channel's own host. */
  outbound: OutboundGuard;
  polling: AliTaskPolling;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Completes an image generation from the task DashScope answered it with: polls
 * `GET {base}/api/v1/tasks/{task_id}` until `SUCCEEDED` (or fails on `FAILED`/`UNKNOWN`/
 * `CANCELED` with the task's code, or on the time limit), then answers in OpenAI's images shape:
 * each result's `url` (and `actual_prompt` as `revised_prompt`), or, for
 * `response_format: b64_json`, the image downloaded and base64-encoded.
 */
export async function finishAliImageTask(
  call: AliImageTaskCall,
  submitted: Buffer,
): Promise<Buffer> {
  const sleep = call.sleep ?? defaultSleep;
  const now = call.now ?? Date.now;
  const deadline = now() + call.polling.timeoutMs;
  let task = readTask(submitted);
  let delay = call.polling.firstDelayMs;
  while (task.output.task_status !== 'SUCCEEDED') {
    if (FAILED_STATUSES.has(task.output.task_status)) {
      const { code = '', message = '' } = task.output;
      throw toRelayError(
        dashScopeError(500, code, message || `image task ${task.output.task_status}`),
      );
    }
    if (now() + delay > deadline) {
      throw RelayError.upstream(
        504,
        `image task ${task.output.task_id} did not finish within ${call.polling.timeoutMs} ms`,
        'upstream_error',
        'task_timeout',
      );
    }
    await sleep(delay);
    delay = Math.min(delay * 2, call.polling.maxDelayMs);
    const url = `${call.base}/api/v1/tasks/${encodeURIComponent(task.output.task_id)}`;
    const answer = await call.fetch({ url, method: 'GET', headers: call.headers, body: undefined });
    if (answer.status >= 400) throw toRelayError(parseDashScopeError(answer.status, answer.body));
    task = readTask(answer.body);
  }
  return Buffer.from(JSON.stringify(await openAiImages(call, task)));
}

function readTask(body: Buffer): DashScopeTask {
  const parsed = dashScopeTaskSchema.safeParse(parseJsonObject(body.toString('utf8')));
  if (parsed.success) return parsed.data;
  throw toRelayError(parseDashScopeError(500, body));
}

async function openAiImages(call: AliImageTaskCall, task: DashScopeTask): Promise<JsonObject> {
  const base64 = call.input.body?.response_format === 'b64_json';
  const data: JsonObject[] = [];
  for (const result of task.output.results ?? []) {
    // A result with a code instead of a URL is an image DashScope could not make.
    if (!result.url) continue;
    const image: JsonObject = base64
      ? { b64_json: await download(call, result.url) }
      : { url: result.url };
    if (result.actual_prompt) image.revised_prompt = result.actual_prompt;
    data.push(image);
  }
  if (data.length === 0) {
    const failed = task.output.results?.find((result) => result.code);
    throw toRelayError(
      dashScopeError(
        500,
        failed?.code ?? '',
        failed?.message ?? 'the image task produced no image',
      ),
    );
  }
  return { created: Math.floor(now(call) / 1000), data };
}

function now(call: AliImageTaskCall): number {
  return (call.now ?? Date.now)();
}

/** A generated image is a few MiB at most. */
const IMAGE_DOWNLOAD_LIMIT = 32 * 1024 * 1024;
const IMAGE_DOWNLOAD_TIMEOUT_MS = 60_000;

/**
 * The image at `url` (DashScope's signed result link, no credential) as base64. A result on the
 * channel's own host is fetched like the polls; anywhere else the URL is the upstream's word, so
 * it goes through the outbound guard (never an internal address).
 */
async function download(call: AliImageTaskCall, url: string): Promise<string> {
  const answer = sameHost(url, call.base)
    ? await call.fetch({ url, method: 'GET', headers: {}, body: undefined })
    : await guardedDownload(call.outbound, url);
  if (answer.status !== 200) {
    throw RelayError.upstream(
      502,
      `downloading the generated image failed with status ${answer.status}`,
      'upstream_error',
      'image_download_failed',
    );
  }
  return answer.body.toString('base64');
}

function sameHost(url: string, base: string): boolean {
  try {
    return new URL(url).host === new URL(base).host;
  } catch {
    return false;
  }
}

async function guardedDownload(
  outbound: OutboundGuard,
  url: string,
): Promise<{ status: number; body: Buffer }> {
  try {
    const response = await outbound.request(url, {
      headers: { accept: 'image/*' },
      timeoutMs: IMAGE_DOWNLOAD_TIMEOUT_MS,
    });
    return {
      status: response.status,
      body: await readOutboundBody(response.body, IMAGE_DOWNLOAD_LIMIT),
    };
  } catch (error) {
    const refusal = findOutboundRefusal(error);
    const reason = refusal
      ? `the result URL is refused: ${refusal.message}`
      : error instanceof OutboundBodyTooLarge
        ? `the image is larger than ${IMAGE_DOWNLOAD_LIMIT} bytes`
        : 'the image could not be fetched';
    throw RelayError.upstream(
      502,
      `downloading the generated image failed: ${reason}`,
      'upstream_error',
      'image_download_failed',
    );
  }
}
