import type { OptionKey } from '@tollgate/contracts';
import { failure } from '../errors/app-error.js';
import type { OutboundGuard } from '../lib/outbound-guard/outbound-guard.js';
import { OutboundRefusedError } from '../lib/outbound-guard/outbound-refused-error.js';

/**
 * Options that hold an address the server fetches (the outbound worker, the WeChat sign-in server,
 * OIDC discovery and endpoints) or hands to others to call back (`CustomCallbackAddress`, called by
 * payment providers): saved only when the outbound guard would reach them. The fetched ones are
 * guarded again at each use, since a name may later resolve elsewhere. The OIDC authorization
 * endpoint is only where browsers are sent, so it is not among them.
 */
export const OUTBOUND_URL_OPTIONS: ReadonlySet<OptionKey> = new Set<OptionKey>([
  'WorkerUrl',
  'CustomCallbackAddress',
  'WeChatServerAddress',
  'oidc.well_known',
  'oidc.token_endpoint',
  'oidc.user_info_endpoint',
]);

/**
 * Refuses (a console failure) an internal address for an option of OUTBOUND_URL_OPTIONS; any other
 * key, an empty value, or a value that is no http(s) URL (the catalogue's rules refuse it with
 * their own message) passes.
 */
export async function checkOutboundUrlOption(
  outbound: OutboundGuard,
  key: string,
  value: string,
): Promise<void> {
  if (!OUTBOUND_URL_OPTIONS.has(key as OptionKey)) return;
  const url = URL.parse(value.trim());
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) return;
  try {
    await outbound.check(url);
  } catch (error) {
    if (error instanceof OutboundRefusedError) {
      throw failure(`${key} 不能指向内部地址：${error.message}`);
    }
    throw error;
  }
}
