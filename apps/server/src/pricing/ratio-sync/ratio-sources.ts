/** Where a sync reads ratios from: a preset, a channel, or an address the operator typed. */
export interface RatioSource {
  /** A channel's id, a preset's negative id, or what the console sent for a typed address. */
  readonly id: number;
  readonly name: string;
  readonly baseUrl: string;
  /**
   * A path under `baseUrl` (default `/api/ratio_config`; `/api/pricing` works too), an absolute
   * URL, `openrouter` (OpenRouter's model list under `baseUrl`), or models.dev's `/api.json`.
   */
  readonly endpoint: string;
  /** The channel's key, sent to OpenRouter only. */
  readonly key?: string;
  /**
   * Origins the outbound guard lets through whatever they resolve to: a channel's own saved
   * address (saving an internal one is root's decision). Redirects elsewhere are still checked.
   */
  readonly allowOrigins?: readonly string[];
}

/** The endpoint an instance answers its ratios on. */
export const DEFAULT_RATIO_ENDPOINT = '/api/ratio_config';

/** The built-in sources every console lists (new-api's ids). */
export const RATIO_PRESETS: readonly RatioSource[] = [
  {
    id: -100,
    name: 'Official',
    baseUrl: 'https://basellm.github.io',
    endpoint: '/llm-metadata/api/newapi/ratio_config-v1-base.json',
  },
  { id: -101, name: 'models.dev', baseUrl: 'https://models.dev', endpoint: '/api.json' },
];

/** How a source's answer is read. */
export type SourceFormat = 'instance' | 'openrouter' | 'models.dev';

/** The URL a source is read from, and how its answer is read. */
export function sourceRequest(source: RatioSource): { url: string; format: SourceFormat } {
  const endpoint = source.endpoint.trim() || DEFAULT_RATIO_ENDPOINT;
  const base = source.baseUrl.trim().replace(/\/+$/, '');
  if (endpoint.toLowerCase() === 'openrouter') {
    return { url: `${base}/v1/models`, format: 'openrouter' };
  }
  const url = /^https?:\/\//i.test(endpoint)
    ? endpoint
    : `${base}${endpoint.startsWith('/') ? '' : '/'}${endpoint}`;
  const path = url.replace(/[?#].*$/, '');
  return { url, format: path.endsWith('/api.json') ? 'models.dev' : 'instance' };
}
