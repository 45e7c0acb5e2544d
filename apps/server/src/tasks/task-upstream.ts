import type { Readable } from 'node:stream';
import { defaultBaseUrl } from '../providers/registry.js';
import type { CachedChannel } from '../relay/channel-cache.js';
import type { RelayServices } from '../relay/relay-services.js';

/** Largest task answer read into memory (task lists are small JSON documents). */
const ANSWER_LIMIT_BYTES = 8 * 1024 * 1024;

/** An upstream task answer, read whole. */
export interface TaskAnswer {
  status: number;
  text: string;
}

/** The channel's base URL without a trailing slash (its type's default when unset). */
export function channelBase(channel: CachedChannel): string {
  return (channel.baseUrl || defaultBaseUrl(channel.type)).replace(/\/+$/, '');
}

async function readLimited(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > ANSWER_LIMIT_BYTES) {
      body.destroy();
      throw new Error(`task answer larger than ${ANSWER_LIMIT_BYTES} bytes`);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Sends one task request to a channel through the shared upstream pool (and the channel's proxy),
 * giving up after `timeoutMs`; throws on network failures and timeouts.
 */
export function callTaskUpstream(
  services: RelayServices,
  channel: CachedChannel,
  request: { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string },
  timeoutMs: number,
): Promise<TaskAnswer> {
  return sendTaskRequest(
    services,
    channel,
    { ...request, url: `${channelBase(channel)}${request.path}` },
    timeoutMs,
  );
}

/** `callTaskUpstream` for a request that names its whole URL (on the channel's host). */
export async function sendTaskRequest(
  services: RelayServices,
  channel: CachedChannel,
  request: {
    method: 'GET' | 'POST';
    url: string;
    headers: Record<string, string>;
    body?: string | Buffer;
  },
  timeoutMs: number,
): Promise<TaskAnswer> {
  const response = await services.upstream.request(
    { url: request.url, method: request.method, headers: request.headers, body: request.body },
    AbortSignal.timeout(timeoutMs),
    channel.setting.proxy || undefined,
  );
  return { status: response.statusCode, text: await readLimited(response.body) };
}

/** Parses JSON, or undefined when the text is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
