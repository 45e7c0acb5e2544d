import { pipeline } from 'node:stream/promises';
import { RelayError } from '../../errors/relay-error.js';
import type { OutboundResponse } from '../../lib/outbound-guard/outbound-guard.js';
import { readOutboundBody } from '../../lib/outbound-guard/outbound-body.js';
import { REQUEST_ID_HEADER } from '../../relay/request-id.js';
import type { RelayExchange } from '../../relay/relay-exchange.js';
import type { RelayServices } from '../../relay/relay-services.js';
import { channelBase, parseJson } from '../task-upstream.js';
import { videoProviderOf } from './video-providers.js';
import { findVideoTask, videoPrivateData } from './video-task-row.js';

/** The headers of a file request that carry no credentials (ranges, validators, accept). */
function withoutCredentials(headers: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (FORWARDED_REQUEST_HEADERS.includes(lower) || lower === 'accept') kept[name] = value;
  }
  return kept;
}

/** Client headers forwarded with the file request: ranges and their validators. */
const FORWARDED_REQUEST_HEADERS = ['range', 'if-range', 'if-none-match', 'if-modified-since'];
/** Upstream headers passed back with the file. */
const FORWARDED_ANSWER_HEADERS = [
  'content-type',
  'content-length',
  'content-range',
  'accept-ranges',
  'etag',
  'last-modified',
  'cache-control',
  'content-disposition',
];
/** Same-origin redirects followed before the file (each hop on the channel's own origin). */
const MAX_REDIRECTS = 5;
/** Largest upstream error answer read. */
const ERROR_BODY_LIMIT = 64 * 1024;

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

/** Whether `host` is one of `hosts` (`*.example.com`: any subdomain of example.com). */
export function hostListed(host: string, hosts: readonly string[] | undefined): boolean {
  const wanted = host.toLowerCase();
  return (hosts ?? []).some((listed) =>
    listed.startsWith('*.') ? wanted.endsWith(listed.slice(1)) : wanted === listed,
  );
}

/** Where a video file may come from: the channel's origin, or a file host it lists. */
interface FileSources {
  origin: string;
  fileHosts: readonly string[] | undefined;
}

function allowedSource(url: string, sources: FileSources): 'channel' | 'file-host' | undefined {
  if (originOf(url) === sources.origin) return 'channel';
  try {
    const parsed = new URL(url);
    const web = parsed.protocol === 'https:' || parsed.protocol === 'http:';
    if (web && hostListed(parsed.hostname, sources.fileHosts)) {
      return 'file-host';
    }
  } catch {
    // Not a URL: refused below.
  }
  return undefined;
}

/**
 * Fetches the file through the outbound guard from the channel's origin, or from a storage host
 * the channel's `video_file_hosts` setting lists (public addresses only, as the guard allows, and
 * without the channel's credentials): a redirect is followed while it stays on those; one anywhere else is
 * refused, so a task's upstream can never make Tollgate fetch, or send its key to, another host.
 */
async function fetchFromChannel(
  services: RelayServices,
  url: string,
  headers: Record<string, string>,
  sources: FileSources,
  signal: AbortSignal,
): Promise<OutboundResponse> {
  let target = url;
  for (let hop = 0; ; hop += 1) {
    const source = allowedSource(target, sources);
    if (source === undefined) {
      throw RelayError.upstream(
        502,
        'the video file is not on the channel’s host nor a file host its settings list (video_file_hosts)',
      );
    }
    const answer = await services.outbound.request(target, {
      // The channel's credentials never leave for a storage host.
      headers: source === 'channel' ? headers : withoutCredentials(headers),
      allowOrigins: [sources.origin],
      maxRedirects: 0,
      signal,
    });
    const location = answer.headers.location;
    if (answer.status < 300 || answer.status >= 400 || typeof location !== 'string') return answer;
    await answer.body.dump();
    if (hop >= MAX_REDIRECTS) throw RelayError.upstream(502, 'too many redirects');
    target = new URL(location, target).toString();
  }
}

/**
 * `GET /v1/videos/{id}/content[?variant=]` (reference §10.1): a finished task's file streamed
 * through from its channel, the client's `Range` forwarded and the upstream's 206 / 416 passed
 * back, so players can seek. Only the task's owner reaches it.
 */
export async function streamVideoContent(
  services: RelayServices,
  exchange: RelayExchange,
  userId: number,
  publicId: string,
): Promise<void> {
  const task = await findVideoTask(services, userId, publicId);
  if (task.row.status !== 'SUCCESS') {
    throw new RelayError(
      404,
      'Video is not ready yet, check its status.',
      'invalid_request_error',
      'video_not_ready',
    );
  }
  const channel = services.channels.getById(Number(task.row.channel_id));
  const provider = videoProviderOf(task.row.platform);
  if (!channel || !provider || !task.upstreamId) {
    throw new RelayError(
      503,
      '获取渠道信息失败，请联系管理员',
      'new_api_error',
      'channel_not_found',
    );
  }
  const variant = new URLSearchParams(exchange.query).get('variant') ?? undefined;
  const resultUrl = videoPrivateData(task.row).result_url;
  const request = provider.contentRequest(task.upstreamId, channel, variant, resultUrl);
  const headers = { ...request.headers };
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = exchange.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const aborted = new AbortController();
  exchange.response.once('close', () => aborted.abort());
  const answer = await fetchFromChannel(
    services,
    request.url,
    headers,
    { origin: originOf(channelBase(channel)), fileHosts: channel.setting.video_file_hosts },
    aborted.signal,
  );
  if (answer.status >= 400 && answer.status !== 416) {
    const text = (await readOutboundBody(answer.body, ERROR_BODY_LIMIT)).toString('utf8');
    const message = (parseJson(text) as { error?: { message?: unknown } } | undefined)?.error
      ?.message;
    throw RelayError.upstream(
      answer.status,
      typeof message === 'string' ? message : `video content answered ${answer.status}`,
    );
  }
  const response = exchange.response;
  response.statusCode = answer.status;
  for (const name of FORWARDED_ANSWER_HEADERS) {
    const value = answer.headers[name];
    if (value !== undefined) response.setHeader(name, value);
  }
  response.setHeader(REQUEST_ID_HEADER, exchange.id);
  for (const [name, value] of Object.entries(exchange.cors)) response.setHeader(name, value);
  exchange.firstByteAt = Date.now();
  try {
    await pipeline(answer.body, response);
  } catch (error) {
    // A player that seeks drops its connection mid-file: that is not an error.
    if (!exchange.clientGone) throw error;
  }
  exchange.finishedAt = Date.now();
}
