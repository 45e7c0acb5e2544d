import { Agent, ProxyAgent, request, type Dispatcher } from 'undici';
import type { UpstreamRequest } from '../providers/provider-adaptor.js';
import type { ChannelLimits } from './channel-limits.js';
import { UpstreamResponse } from './upstream-response.js';

/** URLs seen recently, split for undici (channels call the same few URLs over and over). */
const URL_CACHE_LIMIT = 1000;

interface SplitUrl {
  origin: string;
  path: string;
}

/**
 * Pooled keep-alive HTTP client for upstream calls. One shared agent (connections reused per
 * origin), plus one proxy agent per distinct channel proxy URL. Requests go through undici's
 * dispatch interface with an `UpstreamResponse` as handler, without the stream and promise
 * layers of `request()`.
 */
export class UpstreamClient {
  private readonly agent: Agent;
  private readonly proxies = new Map<string, ProxyAgent>();
  private readonly splitUrls = new Map<string, SplitUrl>();

  constructor(
    private readonly timeouts: {
      /** Seconds a whole call may take before headers arrive; 0 = no limit (RELAY_TIMEOUT). */
      relayTimeoutSeconds: number;
      /** Seconds upstream may stay silent while sending the body (STREAMING_TIMEOUT). */
      idleTimeoutSeconds: number;
    },
  ) {
    this.agent = new Agent({
      keepAliveTimeout: 30_000,
      keepAliveMaxTimeout: 600_000,
      connections: null,
      pipelining: 1,
      connect: { timeout: 10_000 },
    });
  }

  private dispatcherFor(proxy: string | undefined): Dispatcher {
    if (!proxy) return this.agent;
    let agent = this.proxies.get(proxy);
    if (!agent) {
      agent = new ProxyAgent({ uri: proxy, keepAliveTimeout: 30_000 });
      this.proxies.set(proxy, agent);
    }
    return agent;
  }

  private split(url: string): SplitUrl {
    let split = this.splitUrls.get(url);
    if (!split) {
      const parsed = new URL(url);
      split = { origin: parsed.origin, path: `${parsed.pathname}${parsed.search}` };
      if (this.splitUrls.size >= URL_CACHE_LIMIT) this.splitUrls.clear();
      this.splitUrls.set(url, split);
    }
    return split;
  }

  /**
   * Starts the request. Await `response.started` for the head; then the body must be consumed
   * (`readAll`, `stream`) or the exchange aborted. `limits`, the channel's own timeouts, replace
   * the environment's where set (first byte for RELAY_TIMEOUT, idle for STREAMING_TIMEOUT) and
   * add a limit on the whole exchange; every one of them ends the exchange as today's timeouts
   * do (before the head: `started` rejects; after: the body fails).
   */
  send(upstream: UpstreamRequest, proxy?: string, limits?: ChannelLimits): UpstreamResponse {
    const response = new UpstreamResponse();
    let split: SplitUrl;
    try {
      split = this.split(upstream.url);
    } catch (error) {
      response.onResponseError(undefined as never, error as Error);
      return response;
    }
    const headersTimeout = limits?.firstByteTimeoutMs || this.timeouts.relayTimeoutSeconds * 1000;
    const bodyTimeout = limits?.idleTimeoutMs || this.timeouts.idleTimeoutSeconds * 1000;
    if (limits !== undefined && limits.totalTimeoutMs > 0) {
      response.limitTotal(limits.totalTimeoutMs);
    }
    this.dispatcherFor(proxy).dispatch(
      {
        origin: split.origin,
        path: split.path,
        method: upstream.method,
        headers: upstream.headers,
        body: upstream.body,
        headersTimeout: headersTimeout > 0 ? headersTimeout : 0,
        bodyTimeout,
      },
      response,
    );
    return response;
  }

  /**
   * The same pool through undici's promise-and-stream interface, for occasional calls (channel
   * tests, balance queries) that want an abort signal and a readable body. The caller must
   * consume or destroy `response.body`.
   */
  request(
    upstream: UpstreamRequest,
    signal: AbortSignal,
    proxy?: string,
  ): Promise<Dispatcher.ResponseData> {
    const headersTimeout = this.timeouts.relayTimeoutSeconds * 1000;
    return request(upstream.url, {
      method: upstream.method,
      headers: upstream.headers,
      body: upstream.body,
      signal,
      dispatcher: this.dispatcherFor(proxy),
      headersTimeout: headersTimeout > 0 ? headersTimeout : 0,
      bodyTimeout: this.timeouts.idleTimeoutSeconds * 1000,
    });
  }

  async close(): Promise<void> {
    await Promise.all([
      this.agent.close(),
      ...[...this.proxies.values()].map((agent) => agent.close()),
    ]);
  }
}
