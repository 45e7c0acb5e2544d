import { Agent, ProxyAgent, request, type Dispatcher } from 'undici';
import type { UpstreamRequest } from '../providers/provider-adaptor.js';

/**
 * Pooled keep-alive HTTP client for upstream calls. One shared agent (connections reused per
 * origin), plus one proxy agent per distinct channel proxy URL.
 */
export class UpstreamClient {
  private readonly agent: Agent;
  private readonly proxies = new Map<string, ProxyAgent>();

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

  /** Sends the request; the caller must consume or destroy `response.body`. */
  send(upstream: UpstreamRequest, signal: AbortSignal, proxy?: string): Promise<Dispatcher.ResponseData> {
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
    await Promise.all([this.agent.close(), ...[...this.proxies.values()].map((agent) => agent.close())]);
  }
}
