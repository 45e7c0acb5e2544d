import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';
import { Agent, request, type Dispatcher } from 'undici';
import {
  checkAddress,
  guardedLookup,
  lookupThrough,
  resolveChecked,
  systemResolver,
  type HostResolver,
} from './guarded-lookup.js';
import { normaliseHostName, OutboundAllowList } from './outbound-allow-list.js';
import { nextHop, type OutboundBody, type OutboundHop } from './outbound-redirects.js';
import { OutboundRefusedError, findOutboundRefusal } from './outbound-refused-error.js';

/** How a guard is set up: the operator's allow list, and (tests) the resolver. */
export interface OutboundGuardOptions {
  /** `OUTBOUND_ALLOWED_HOSTS`: host names, IP addresses and CIDR ranges, checked by config.ts. */
  allowedHosts?: readonly string[];
  /** Where host names are resolved; the system resolver unless a test injects answers. */
  resolve?: HostResolver;
}

/** What one check or request may allow beyond the operator's list. */
export interface OutboundAllowance {
  /**
   * Host names (or IP-literal hosts) reachable for this request whatever they resolve to, e.g.
   * the host a task's channel answered from: its own upstream may be internal.
   */
  allowHosts?: readonly string[];
  /**
   * Origins (scheme, host and port, as `URL.origin` gives them) reachable whatever their host
   * resolves to: narrower than a host, e.g. the one upstream a task's channel answered from, not
   * every service on that machine.
   */
  allowOrigins?: readonly string[];
}

/** One guarded request. */
export interface OutboundRequestOptions extends OutboundAllowance {
  /** Default GET. */
  method?: string;
  headers?: Record<string, string>;
  body?: OutboundBody;
  /** Aborts the exchange, answer body included. */
  signal?: AbortSignal;
  /** Limit of the whole exchange, answer body included. */
  timeoutMs?: number;
  /** Redirects followed, each hop checked like the first (default 5); 0 answers them as they are. */
  maxRedirects?: number;
}

/** A guarded answer. Its body must be read, piped or dropped (`body.dump()`). */
export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Dispatcher.ResponseData['body'];
  /** The URL that answered, after redirects. */
  url: URL;
}

/** Redirects followed by default (new-api's Go client follows ten; five is plenty). */
export const DEFAULT_MAX_REDIRECTS = 5;
const CONNECT_TIMEOUT_MS = 10_000;
const KEEP_ALIVE_MS = 10_000;

/**
 * The one way the server fetches a URL that a user, an upstream or an admin supplied (webhooks,
 * sign-in providers, tokens and results named by upstreams, model lists typed into the console):
 * http(s) only, and never an internal address (loopback, private, link-local, metadata…) unless
 * the operator allowed it. The check happens inside each connection's DNS lookup, so the socket
 * dials the address that was checked; IP-literal hosts are checked before dispatch; every
 * redirect is followed here and checked the same way. Channel base URLs on the relay's hot path
 * do not come through here.
 */
export class OutboundGuard {
  private readonly allowList: OutboundAllowList;
  private readonly resolve: HostResolver;
  /** Connections whose lookup checks the address they dial. */
  private readonly guarded: Agent;
  /** Connections to hosts allowed by name (no address check). */
  private readonly open: Agent;

  constructor(options: OutboundGuardOptions = {}) {
    this.allowList = new OutboundAllowList(options.allowedHosts);
    this.resolve = options.resolve ?? systemResolver;
    this.guarded = new Agent({
      keepAliveTimeout: KEEP_ALIVE_MS,
      connect: {
        timeout: CONNECT_TIMEOUT_MS,
        lookup: guardedLookup(this.resolve, this.allowList),
      },
    });
    // The open agent still resolves through the injected resolver, so tests need no real DNS.
    this.open = new Agent({
      keepAliveTimeout: KEEP_ALIVE_MS,
      connect: { timeout: CONNECT_TIMEOUT_MS, lookup: lookupThrough(this.resolve) },
    });
  }

  /** Parses `url` and refuses anything but http(s). */
  parse(url: string | URL): URL {
    let parsed: URL;
    try {
      parsed = typeof url === 'string' ? new URL(url) : url;
    } catch {
      throw new OutboundRefusedError(`${String(url).slice(0, 200)} is not a valid URL`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new OutboundRefusedError(
        `${parsed.protocol} URLs are not allowed (only http and https)`,
      );
    }
    return parsed;
  }

  /**
   * The check made when an address is saved (a webhook, a callback address): refuses what a
   * request would refuse now. A name that does not resolve at the moment is not refused; every
   * connection checks it again.
   */
  async check(url: string | URL, allowance: OutboundAllowance = {}): Promise<URL> {
    const parsed = this.parse(url);
    if (this.allowedByName(parsed, allowance)) return parsed;
    const literal = literalAddress(parsed);
    if (literal !== undefined) {
      checkAddress(literal, this.allowList);
      return parsed;
    }
    try {
      await resolveChecked(parsed.hostname, this.resolve, this.allowList);
    } catch (error) {
      if (error instanceof OutboundRefusedError) throw error;
    }
    return parsed;
  }

  /**
   * Sends a request and answers the first non-redirect answer, its body unread (stream it, or
   * read it with `readOutboundBody`). Throws OutboundRefusedError for a refused URL, address or
   * redirect, and undici's errors for network failures and aborts.
   */
  async request(
    url: string | URL,
    options: OutboundRequestOptions = {},
  ): Promise<OutboundResponse> {
    const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
    const signal = combinedSignal(options.signal, options.timeoutMs);
    let hop: OutboundHop = {
      url: this.parse(url),
      method: (options.method ?? 'GET').toUpperCase(),
      headers: { ...options.headers },
      body: options.body,
    };
    for (let redirects = 0; ; redirects += 1) {
      const response = await this.send(hop, options, signal);
      const next =
        maxRedirects > 0 ? nextHop(hop, response.statusCode, response.headers.location) : undefined;
      if (!next) {
        return {
          status: response.statusCode,
          headers: response.headers,
          body: response.body,
          url: hop.url,
        };
      }
      await response.body.dump();
      if (redirects >= maxRedirects) {
        throw new OutboundRefusedError(
          `${hop.url.origin} redirected more than ${maxRedirects} times`,
        );
      }
      hop = { ...next, url: this.parse(next.url) };
    }
  }

  /** Closes the guard's connection pools. */
  async close(): Promise<void> {
    await Promise.all([this.guarded.close(), this.open.close()]);
  }

  private async send(
    hop: OutboundHop,
    allowance: OutboundAllowance,
    signal: AbortSignal | undefined,
  ): Promise<Dispatcher.ResponseData> {
    let dispatcher: Dispatcher = this.guarded;
    if (this.allowedByName(hop.url, allowance)) {
      dispatcher = this.open;
    } else {
      // A socket to an IP-literal host never calls its lookup: the address is checked here.
      const literal = literalAddress(hop.url);
      if (literal !== undefined) checkAddress(literal, this.allowList);
    }
    try {
      return await request(hop.url, {
        dispatcher,
        method: hop.method as Dispatcher.HttpMethod,
        headers: hop.headers,
        body: hop.body,
        signal,
      });
    } catch (error) {
      // The lookup's refusal reaches here through the socket's error; say it as the guard's.
      throw findOutboundRefusal(error) ?? error;
    }
  }

  private allowedByName(url: URL, allowance: OutboundAllowance): boolean {
    if (this.allowList.allowsName(url.hostname)) return true;
    if (allowance.allowOrigins?.includes(url.origin)) return true;
    const wanted = normaliseHostName(url.hostname);
    return (allowance.allowHosts ?? []).some((host) => normaliseHostName(host) === wanted);
  }
}

/** The IP address of an IP-literal host (without IPv6 brackets), else undefined. */
function literalAddress(url: URL): string | undefined {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return isIP(host) === 0 ? undefined : host;
}

function combinedSignal(
  signal: AbortSignal | undefined,
  timeoutMs: number | undefined,
): AbortSignal | undefined {
  const timeout = timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs);
  if (signal && timeout) return AbortSignal.any([signal, timeout]);
  return signal ?? timeout;
}
