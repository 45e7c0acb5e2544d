import { RelayError } from '../../errors/relay-error.js';
import type { RelayCallInput } from '../provider-adaptor.js';
import { CHANNEL_TYPE } from '@tollgate/contracts';
import { resolveBaseUrl } from './openai-channel-types.js';

/** Bases of Cloudflare AI Gateway, which proxies OpenAI and Azure with shorter paths. */
const CLOUDFLARE_GATEWAY_PREFIX = 'https://gateway.ai.cloudflare.com';

/**
 * The upstream URL of an OpenAI-compatible call (reference §3.6 "openai" and the small adaptors):
 * by default the channel base + the client's `/v1/...` path + its query string.
 *
 * @param upstreamModel the model actually sent (after suffix stripping), for Azure deployments
 *   and Custom `{model}` URLs.
 */
export function buildOpenAiUrl(
  input: RelayCallInput,
  upstreamModel: string,
  azureDefaultApiVersion: string,
): string {
  const { channel, mode } = input;
  const base = resolveBaseUrl(channel.type, channel.baseUrl);
  if (!base) {
    throw new RelayError(
      500,
      `channel #${channel.id} (type ${channel.type}) has no base URL`,
      'new_api_error',
      'channel_base_url_missing',
    );
  }

  if (mode === 'responses' && channel.type === CHANNEL_TYPE.azure) {
    // Azure serves the Responses API on its v1 path, not per deployment (the body names it).
    return `${base}/openai/v1/responses${input.query ? `?${input.query}` : ''}`;
  }
  switch (channel.type) {
    case CHANNEL_TYPE.azure:
      return buildAzureUrl(input, base, upstreamModel, azureDefaultApiVersion);
    case CHANNEL_TYPE.custom:
      // The base URL is the full endpoint; `{model}` lets one channel serve several models.
      return base.split('{model}').join(upstreamModel);
    case CHANNEL_TYPE.miniMax:
      return `${base}/v1/text/chatcompletion_v2`;
    case CHANNEL_TYPE.perplexity:
      return `${base}/chat/completions`;
    case CHANNEL_TYPE.mokaAi:
      // MokaAI serves its m3e embeddings without a /v1 prefix.
      return `${base}/embeddings`;
    case CHANNEL_TYPE.cloudflare:
      // Workers AI's OpenAI-compatible endpoints (chat and embeddings) live under the account.
      return `${cloudflareAccountUrl(input.channel, base)}/v1/${mode === 'embeddings' ? 'embeddings' : 'chat/completions'}`;
    case CHANNEL_TYPE.deepSeek:
      return mode === 'completions' ? `${base}/beta/completions` : pathUrl(input, base);
    case CHANNEL_TYPE.zhipuV4:
      return mode === 'embeddings'
        ? `${base}/api/paas/v4/embeddings`
        : `${base}/api/paas/v4/chat/completions`;
    case CHANNEL_TYPE.ali:
      return `${base}/compatible-mode/v1/chat/completions`;
    case CHANNEL_TYPE.baiduV2:
      // Qianfan's OpenAI-compatible v2 API.
      return mode === 'embeddings' ? `${base}/v2/embeddings` : `${base}/v2/chat/completions`;
    case CHANNEL_TYPE.volcEngine:
      if (mode === 'embeddings') return `${base}/api/v3/embeddings`;
      // Ark "bot" applications have their own chat endpoint.
      return upstreamModel.startsWith('bot')
        ? `${base}/api/v3/bots/chat/completions`
        : `${base}/api/v3/chat/completions`;
    default:
      return pathUrl(input, base);
  }
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
function pathUrl(input: RelayCallInput, base: string): string {
  let path = input.path;
  if (base.startsWith(CLOUDFLARE_GATEWAY_PREFIX) && path.startsWith('/v1/')) path = path.slice(3);
  return input.query ? `${base}${path}?${input.query}` : `${base}${path}`;
}

/**
 * `{base}/openai/deployments/{model without dots}/{path without /v1/}?api-version={v}`, where v is
 * the request's `api-version` query, else the channel's `other`, else the default.
 */
function buildAzureUrl(
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
