import { RelayError } from '../../errors/relay-error.js';
import type { RelayCallInput } from '../provider-adaptor.js';
import type { OpenAiAdaptorSettings } from './openai-adaptor-settings.js';
import type { OpenAiCompatibleProfile } from './openai-compatible-profile.js';
import { resolveBaseUrl } from './openai-channel-types.js';

/** Bases of Cloudflare AI Gateway, which proxies OpenAI and Azure with shorter paths. */
const CLOUDFLARE_GATEWAY_PREFIX = 'https://gateway.ai.cloudflare.com';

/**
 * The upstream URL of an OpenAI-compatible call (reference §3.6 "openai" and the small adaptors):
 * the vendor's URL rule, by default the channel base + the client's `/v1/...` path + its query.
 *
 * @param upstreamModel the model actually sent (after suffix stripping), for Azure deployments
 *   and Custom `{model}` URLs.
 */
export function buildOpenAiUrl(
  profile: OpenAiCompatibleProfile,
  input: RelayCallInput,
  upstreamModel: string,
  settings: OpenAiAdaptorSettings,
): string {
  const base = requiredBaseUrl(input.channel);
  if (profile.url) return profile.url({ input, base, model: upstreamModel, settings });
  return openAiPathUrl(input, base);
}

/**
 * The channel's base URL, or the type's default; a channel with neither is a local configuration
 * error (500), never a call to an empty host.
 */
export function requiredBaseUrl(
  channel: Pick<RelayCallInput['channel'], 'id' | 'type' | 'baseUrl'>,
): string {
  const base = resolveBaseUrl(channel.type, channel.baseUrl);
  if (base) return base;
  throw new RelayError(
    500,
    `channel #${channel.id} (type ${channel.type}) has no base URL`,
    'new_api_error',
    'channel_base_url_missing',
  );
}

/**
 * `{base}/client/v4/accounts/{account id}/ai`, the root of a Cloudflare Workers AI account; the
 * account id is the channel's `other` field. A channel without one is a local configuration error
 * (upstream would answer "could not route" for every call).
 */
export function cloudflareAccountUrl(channel: RelayCallInput['channel'], base: string): string {
  const account = channel.other.trim();
  if (!account) {
    throw new RelayError(
      500,
      `channel #${channel.id} (Cloudflare) has no account id: set the Cloudflare account id in the channel's "other" field`,
      'new_api_error',
      'channel_account_id_missing',
    );
  }
  return `${base}/client/v4/accounts/${encodeURIComponent(account)}/ai`;
}

/** base + client path + query; Cloudflare AI Gateway bases take the path without `/v1`. */
export function openAiPathUrl(input: RelayCallInput, base: string): string {
  let path = input.path;
  if (base.startsWith(CLOUDFLARE_GATEWAY_PREFIX) && path.startsWith('/v1/')) path = path.slice(3);
  return input.query ? `${base}${path}?${input.query}` : `${base}${path}`;
}

/**
 * `{base}/openai/deployments/{model without dots}/{path without /v1/}?api-version={v}`, where v is
 * the request's `api-version` query, else the channel's `other`, else the default.
 */
export function azureDeploymentUrl(
  input: RelayCallInput,
  base: string,
  upstreamModel: string,
  defaultApiVersion: string,
): string {
  const requestedVersion = input.query ? new URLSearchParams(input.query).get('api-version') : null;
  const apiVersion = requestedVersion || input.channel.other.trim() || defaultApiVersion;
  // Azure deployment names cannot contain dots (gpt-3.5-turbo is deployed as gpt-35-turbo).
  const deployment = upstreamModel.split('.').join('');
  const task = input.path.startsWith('/v1/') ? input.path.slice(4) : input.path.replace(/^\/+/, '');
  const query = `api-version=${encodeURIComponent(apiVersion)}`;
  if (base.startsWith(CLOUDFLARE_GATEWAY_PREFIX)) return `${base}/${deployment}/${task}?${query}`;
  return `${base}/openai/deployments/${deployment}/${task}?${query}`;
}

/** The websocket form of a base URL: https → wss, http → ws. */
export function websocketBase(base: string): string {
  if (base.startsWith('https://')) return `wss://${base.slice('https://'.length)}`;
  if (base.startsWith('http://')) return `ws://${base.slice('http://'.length)}`;
  return base;
}
