/**
 * Reads one official metadata file through the outbound guard: a limit per attempt, a size cap,
 * a few attempts with a growing pause for failures that may pass (network, timeouts, 5xx, 429),
 * and the file's ETag remembered per process so an unchanged file is not downloaded again.
 */
import { STATUS_CODES } from 'node:http';
import { OutboundBodyTooLarge, readOutboundBody } from '../lib/outbound-guard/outbound-body.js';
import type { OutboundGuard } from '../lib/outbound-guard/outbound-guard.js';
import { findOutboundRefusal } from '../lib/outbound-guard/outbound-refused-error.js';

/** How files are fetched (config `modelSync`, and the pause tests shorten). */
export interface UpstreamFetchSettings {
  attempts: number;
  maxBytes: number;
  timeoutMs: number;
  /** First pause between attempts; doubled after each (default 200 ms). */
  retryPauseMs?: number;
}

/** A failure the console shows as is (no stack, no answer body). */
export class UpstreamFetchError extends Error {
  override name = 'UpstreamFetchError';

  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** The last good answer of each URL and its ETag (per process; a few small entries). */
const remembered = new Map<string, { etag: string; json: unknown }>();

/** Forgets the remembered files (tests). */
export function forgetUpstreamFiles(): void {
  remembered.clear();
}

export async function fetchUpstreamJson(
  guard: OutboundGuard,
  url: string,
  settings: UpstreamFetchSettings,
): Promise<unknown> {
  const pause = settings.retryPauseMs ?? 200;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fetchOnce(guard, url, settings);
    } catch (error) {
      const failure = asFetchError(error, settings);
      if (!failure.retryable || attempt >= settings.attempts) throw failure;
      await new Promise((resolve) => setTimeout(resolve, pause * 2 ** (attempt - 1)));
    }
  }
}

async function fetchOnce(
  guard: OutboundGuard,
  url: string,
  settings: UpstreamFetchSettings,
): Promise<unknown> {
  const known = remembered.get(url);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (known) headers['if-none-match'] = known.etag;
  const answer = await guard.request(url, { headers, timeoutMs: settings.timeoutMs });
  if (answer.status === 304 && known) {
    await answer.body.dump();
    return known.json;
  }
  if (answer.status !== 200) {
    await answer.body.dump();
    const reason = STATUS_CODES[answer.status];
    throw new UpstreamFetchError(
      `上游返回状态码 ${answer.status}${reason ? `（${reason}）` : ''}`,
      answer.status >= 500 || answer.status === 429,
    );
  }
  const body = await readOutboundBody(answer.body, settings.maxBytes);
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    throw new UpstreamFetchError('上游返回的不是合法的 JSON', false);
  }
  const etag = answer.headers.etag;
  if (typeof etag === 'string' && etag !== '') remembered.set(url, { etag, json });
  return json;
}

function asFetchError(error: unknown, settings: UpstreamFetchSettings): UpstreamFetchError {
  if (error instanceof UpstreamFetchError) return error;
  if (error instanceof OutboundBodyTooLarge) {
    const megabytes = Math.round(settings.maxBytes / 1024 / 1024);
    return new UpstreamFetchError(`上游响应过大（超过 ${megabytes} MiB）`, false);
  }
  const refusal = findOutboundRefusal(error);
  if (refusal) return new UpstreamFetchError(`不允许访问内部地址：${refusal.message}`, false);
  const { code, name } = (error ?? {}) as { code?: string; name?: string };
  if (name === 'TimeoutError' || name === 'AbortError' || code?.endsWith('_TIMEOUT')) {
    return new UpstreamFetchError(
      `请求上游超时（${Math.round(settings.timeoutMs / 1000)} 秒）`,
      true,
    );
  }
  return new UpstreamFetchError(`无法连接上游：${code ?? name ?? 'network error'}`, true);
}
