/**
 * `custom_oauth_providers` and `user_oauth_bindings` (new-api 1.0). A slug is unique; a binding is
 * unique per (user, provider) and per (provider, external account), so one external account can
 * never sign in to two Tollgate accounts.
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
    user_id_field: field,
    username_field: field,
    display_name_field: field,
    email_field: field,
    auto_register: { type: 'boolean', notNull: true, default: false },
    auto_merge_by_email: { type: 'boolean', notNull: true, default: false },
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
