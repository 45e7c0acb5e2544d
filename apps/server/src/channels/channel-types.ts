import { channelTypeDefinition } from '@tollgate/contracts';

/**
 * Channel-type facts the server derives from the contracts' channel-type table
 * (`CHANNEL_TYPE_TABLE`), which is the only place type ids are written.
 */

/** The address used when a channel has no `base_url` ('' for unknown types and those without one). */
export function defaultBaseUrl(type: number): string {
  return channelTypeDefinition(type)?.defaultBaseUrl ?? '';
}

/** The channel's own address, else its type's default, without a trailing slash. */
export function effectiveBaseUrl(type: number, baseUrl: string | null | undefined): string {
  const own = (baseUrl ?? '').trim();
  return stripTrailingSlashes(own !== '' ? own : defaultBaseUrl(type));
}

export function stripTrailingSlashes(url: string): string {
  return url.replace(/\/+$/, '');
}
