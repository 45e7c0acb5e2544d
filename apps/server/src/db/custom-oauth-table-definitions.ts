/**
 * `custom_oauth_providers` and `user_oauth_bindings` (new-api 1.0). A slug is unique; a binding is
 * unique per (user, provider) and per (provider, external account), so one external account can
 * never sign in to two Tollgate accounts. The JWT, trusted-header, mapping and sync columns have
 * new-api's names, sizes and defaults; its ticket-exchange columns are not kept.
 */
import {
  bigint,
  id,
  int,
  varchar,
  withDefault,
  type TableDefinition,
} from './table-definition-types.js';

const url = varchar(1024);
const field = varchar(128);
const header = varchar(128);
const mode = (value: string) => varchar(32, value);

export const customOAuthProviders: TableDefinition<'custom_oauth_providers'> = {
  columns: {
    id,
    name: { type: 'varchar', length: 64, notNull: true },
    slug: { type: 'varchar', length: 64, notNull: true },
    icon: varchar(128),
    kind: { type: 'varchar', length: 32, notNull: true, default: 'oauth_code' },
    enabled: { type: 'boolean', notNull: true, default: false },
    client_id: varchar(256),
    client_secret: varchar(1024),
    authorization_endpoint: url,
    token_endpoint: url,
    user_info_endpoint: url,
    scopes: varchar(1024),
    well_known: url,
    auth_style: { ...withDefault(int, 0), notNull: true },
    issuer: varchar(512),
    audience: varchar(256),
    jwks_url: varchar(512),
    public_key: { type: 'text' },
    jwt_source: mode('query'),
    jwt_header: varchar(128, 'Authorization'),
    jwt_identity_mode: mode('claims'),
    jwt_acquire_mode: mode('direct_token'),
    trusted_proxy_cidrs: { type: 'text' },
    external_id_header: header,
    username_header: header,
    display_name_header: header,
    email_header: header,
    group_header: header,
    role_header: header,
    user_id_field: field,
    username_field: field,
    display_name_field: field,
    email_field: field,
    group_field: field,
    role_field: field,
    group_mapping: { type: 'text' },
    role_mapping: { type: 'text' },
    group_mapping_mode: mode('explicit_only'),
    role_mapping_mode: mode('explicit_only'),
    auto_register: { type: 'boolean', notNull: true, default: false },
    auto_merge_by_email: { type: 'boolean', notNull: true, default: false },
    sync_username_on_login: { type: 'boolean', notNull: true, default: false },
    sync_display_name_on_login: { type: 'boolean', notNull: true, default: false },
    sync_email_on_login: { type: 'boolean', notNull: true, default: false },
    sync_group_on_login: { type: 'boolean', notNull: true, default: false },
    sync_role_on_login: { type: 'boolean', notNull: true, default: false },
    access_policy: { type: 'text' },
    access_denied_message: varchar(512),
    created_at: { ...bigint, notNull: true },
    updated_at: { ...bigint, notNull: true },
  },
  indexes: [{ name: 'idx_custom_oauth_providers_slug', columns: ['slug'], unique: true }],
};

export const userOAuthBindings: TableDefinition<'user_oauth_bindings'> = {
  columns: {
    id,
    user_id: { ...bigint, notNull: true },
    provider_id: { ...bigint, notNull: true },
    provider_user_id: { type: 'varchar', length: 256, notNull: true },
    created_at: { ...bigint, notNull: true },
  },
  indexes: [
    {
      name: 'ux_user_oauth_bindings_user_provider',
      columns: ['user_id', 'provider_id'],
      unique: true,
    },
    {
      name: 'ux_user_oauth_bindings_provider_account',
      columns: ['provider_id', 'provider_user_id'],
      unique: true,
    },
  ],
};
