import { channelTypeDefinition } from '@tollgate/contracts';

/** Azure `api-version` when neither the request query nor the channel names one. */
export const AZURE_DEFAULT_API_VERSION = '2024-12-01-preview';

/** App name OpenRouter shows for calls coming through Tollgate (`X-Title`). */
export const OPENROUTER_APP_TITLE = 'Tollgate';

/** Whether a type's upstream honours `stream_options.include_usage` (reference §3.4 step 1). */
export function honoursStreamUsageOption(type: number): boolean {
  return channelTypeDefinition(type)?.streamUsageOption === true;
}

/** The channel's base URL without trailing slashes, or the type's default. */
export function resolveBaseUrl(type: number, baseUrl: string): string {
  const chosen = baseUrl || channelTypeDefinition(type)?.defaultBaseUrl || '';
  return chosen.replace(/\/+$/, '');
}
