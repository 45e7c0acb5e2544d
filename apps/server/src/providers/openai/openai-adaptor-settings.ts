import { AZURE_DEFAULT_API_VERSION } from './openai-channel-types.js';

/** Deployment-wide settings of the OpenAI-compatible adaptor. */
export interface OpenAiAdaptorSettings {
  /** Azure `api-version` when neither the request nor the channel names one. */
  azureDefaultApiVersion: string;
  /** The site's public URL, sent to OpenRouter as `HTTP-Referer` for attribution ('' = none). */
  openRouterReferer: string;
}

export const DEFAULT_OPENAI_ADAPTOR_SETTINGS: OpenAiAdaptorSettings = {
  azureDefaultApiVersion: AZURE_DEFAULT_API_VERSION,
  openRouterReferer: '',
};
