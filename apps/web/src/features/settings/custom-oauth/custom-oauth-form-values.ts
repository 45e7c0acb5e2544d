import type { CustomOAuthProviderInput, CustomOAuthProviderView } from '@tollgate/contracts';

/**
 * The drawer's values: the request body with the secret always starting empty, and the trusted
 * proxies one address or range a line (the request carries them as a JSON array).
 */
export type CustomOAuthFormValues = CustomOAuthProviderInput;

export function newCustomOAuthValues(): CustomOAuthFormValues {
  return {
    name: '',
    slug: '',
    icon: '',
    kind: 'oauth_code',
    enabled: false,
    client_id: '',
    client_secret: '',
    authorization_endpoint: '',
    token_endpoint: '',
    user_info_endpoint: '',
    scopes: 'openid profile email',
    well_known: '',
    auth_style: 0,
    issuer: '',
    audience: '',
    jwks_url: '',
    public_key: '',
    jwt_source: 'query',
    jwt_header: 'Authorization',
    jwt_identity_mode: 'claims',
    jwt_acquire_mode: 'direct_token',
    trusted_proxy_cidrs: '',
    external_id_header: '',
    username_header: '',
    display_name_header: '',
    email_header: '',
    group_header: '',
    role_header: '',
    user_id_field: 'sub',
    username_field: 'preferred_username',
    display_name_field: 'name',
    email_field: 'email',
    group_field: '',
    role_field: '',
    group_mapping: '',
    role_mapping: '',
    group_mapping_mode: 'explicit_only',
    role_mapping_mode: 'explicit_only',
    auto_register: false,
    auto_merge_by_email: false,
    sync_username_on_login: false,
    sync_display_name_on_login: false,
    sync_email_on_login: false,
    sync_group_on_login: false,
    sync_role_on_login: false,
    access_policy: '',
    access_denied_message: '',
  };
}

export function customOAuthValuesOf(view: CustomOAuthProviderView): CustomOAuthFormValues {
  const {
    id: _id,
    has_client_secret: _hasSecret,
    created_at: _created,
    updated_at: _updated,
    ...rest
  } = view;
  return {
    ...newCustomOAuthValues(),
    ...rest,
    client_secret: '',
    trusted_proxy_cidrs: proxyLines(rest.trusted_proxy_cidrs),
  };
}

/** The stored JSON array as lines; text that is not one is shown as it is. */
function proxyLines(stored: string): string {
  try {
    const list: unknown = JSON.parse(stored);
    if (Array.isArray(list) && list.every((item) => typeof item === 'string')) {
      return list.join('\n');
    }
  } catch {
    // Not JSON: left for root to correct.
  }
  return stored;
}

/** The entries of the trusted proxies text: one a line (commas also separate). */
export function proxyEntries(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** An IPv4 or IPv6 address, or a CIDR range of one (not `/0`, which would trust everyone). */
export function isProxyEntry(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  if (extra !== undefined) return false;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  const isV4 = v4 !== null && v4.slice(1).every((part) => Number(part) <= 255);
  const isV6 = !isV4 && address.includes(':') && isIPv6(address);
  if (!isV4 && !isV6) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) > 0 && Number(prefix) <= (isV4 ? 32 : 128);
}

function isIPv6(address: string): boolean {
  if (!/^[0-9a-f:.]+$/i.test(address)) return false;
  try {
    // The URL parser knows every IPv6 spelling.
    return new URL(`http://[${address}]/`).hostname !== '';
  } catch {
    return false;
  }
}

/** Empty, or a JSON object whose values are texts or numbers (a group or role mapping). */
export function isMappingText(text: string): boolean {
  if (text.trim() === '') return true;
  try {
    const value: unknown = JSON.parse(text);
    return (
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      Object.values(value).every((item) => typeof item === 'string' || typeof item === 'number')
    );
  } catch {
    return false;
  }
}

/** What is sent: text trimmed, the slug lower-cased (the server checks it again). */
export function customOAuthRequestOf(values: CustomOAuthFormValues): CustomOAuthProviderInput {
  const trimmed = Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      typeof value === 'string' ? value.trim() : value,
    ]),
  ) as CustomOAuthFormValues;
  const proxies = proxyEntries(trimmed.trusted_proxy_cidrs);
  return {
    ...trimmed,
    slug: trimmed.slug.toLowerCase(),
    trusted_proxy_cidrs: proxies.length > 0 ? JSON.stringify(proxies) : '',
  };
}
