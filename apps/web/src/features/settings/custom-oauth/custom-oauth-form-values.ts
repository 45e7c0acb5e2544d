import type { CustomOAuthProviderInput, CustomOAuthProviderView } from '@tollgate/contracts';

/** The drawer's values: the request body with the secret always starting empty. */
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
    user_id_field: 'sub',
    username_field: 'preferred_username',
    display_name_field: 'name',
    email_field: 'email',
    auto_register: false,
    auto_merge_by_email: false,
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
  return { ...newCustomOAuthValues(), ...rest, client_secret: '' };
}

/** What is sent: text trimmed, the slug lower-cased (the server checks it again). */
export function customOAuthRequestOf(values: CustomOAuthFormValues): CustomOAuthProviderInput {
  const trimmed = Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      typeof value === 'string' ? value.trim() : value,
    ]),
  ) as CustomOAuthFormValues;
  return { ...trimmed, slug: trimmed.slug.toLowerCase() };
}
