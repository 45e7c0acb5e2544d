import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { OutboundGuard } from './outbound-guard.js';

/** What a fetch-style caller (openid-client's `customFetch`) passes. */
export interface OutboundFetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: ArrayBuffer | ReadableStream | string | Uint8Array | URLSearchParams | null;
  signal?: AbortSignal;
}

/** A `fetch` whose requests go through the guard; redirects are answered, not followed. */
export type OutboundFetch = (url: string, init?: OutboundFetchInit) => Promise<Response>;

/** Statuses whose answer has no body (the Response constructor refuses one). */
const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([101, 204, 205, 304]);

/**
 * A fetch-compatible function over `guard.request`, for libraries that take a custom fetch
 * (openid-client). Redirects are handed back as they are, as such libraries ask (`redirect:
 * 'manual'`). Failures look like fetch's: a `TypeError('fetch failed')` whose `cause` is the
 * network error or the guard's OutboundRefusedError.
 */
export function outboundFetch(guard: OutboundGuard): OutboundFetch {
  return async (url, init = {}) => {
    let answer: Awaited<ReturnType<OutboundGuard['request']>>;
    try {
      answer = await guard.request(url, {
        method: init.method,
        headers: init.headers,
        body: await bodyBytes(init.body),
        signal: init.signal,
        maxRedirects: 0,
      });
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new TypeError('fetch failed', { cause: error });
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (Array.isArray(value)) for (const item of value) headers.append(name, item);
      else if (value !== undefined) headers.set(name, value);
    }
    const body = NULL_BODY_STATUSES.has(answer.status)
      ? null
      : (Readable.toWeb(answer.body) as unknown as ReadableStream<Uint8Array>);
    if (body === null) await answer.body.dump();
    return new Response(body, { status: answer.status, headers });
  };
}

async function bodyBytes(body: OutboundFetchInit['body']): Promise<string | Buffer | undefined> {
  if (body === null || body === undefined) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const chunks: Buffer[] = [];
  for await (const chunk of Readable.fromWeb(body as NodeReadableStream)) {
    chunks.push(Buffer.from(chunk as Uint8Array));
  }
  return Buffer.concat(chunks);
}

/** An abort (the caller's signal or timeout) stays an abort, as fetch reports it. */
function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}
