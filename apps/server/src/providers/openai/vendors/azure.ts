import { compatibleVendor } from '../compatible-vendor.js';
import { plainOpenAiProfile, type RealtimeTarget } from '../openai-compatible-profile.js';
import { OPENAI_MODELS } from '../openai-models.js';
import { azureDeploymentUrl, websocketBase } from '../openai-url.js';
import type { ChannelTarget } from '../../provider-adaptor.js';

/** Azure's realtime API version when neither the client nor the channel names one. */
export const AZURE_REALTIME_API_VERSION = '2024-10-01-preview';

/**
 * Azure OpenAI: calls go to the deployment named after the model (`api-version` from the request,
 * the channel's `other`, or the setting), the key in `api-key`; the Responses API and stored
 * responses live under `{base}/openai/v1`, not per deployment (the body names it).
 */
export const azureVendor = compatibleVendor(
  'azure',
  {
    ...plainOpenAiProfile('azure'),
    servesResponses: true,
    servesVideos: true,
    url: ({ input, base, model, settings }) =>
      input.mode === 'responses'
        ? `${base}/openai/v1/responses${input.query ? `?${input.query}` : ''}`
        : azureDeploymentUrl(input, base, model, settings.azureDefaultApiVersion),
    credentialHeaders: (channel) => ({ 'api-key': channel.key }),
    responsesRoot: (base) => `${base}/openai`,
    realtime: azureRealtime,
  },
  { defaultModels: OPENAI_MODELS },
);

/**
 * `wss://{host}/openai/realtime?api-version={v}&deployment={model without dots}`, v being the
 * client's `api-version`, else the channel's, else AZURE_REALTIME_API_VERSION.
 */
function azureRealtime(
  channel: Pick<ChannelTarget, 'key' | 'other'>,
  base: string,
  upstreamModel: string,
  clientQuery: URLSearchParams,
): RealtimeTarget {
  const apiVersion =
    clientQuery.get('api-version') || channel.other.trim() || AZURE_REALTIME_API_VERSION;
  const query = new URLSearchParams({
    'api-version': apiVersion,
    deployment: upstreamModel.split('.').join(''),
  });
  return {
    url: `${websocketBase(base)}/openai/realtime?${query}`,
    headers: { 'api-key': channel.key },
  };
}
