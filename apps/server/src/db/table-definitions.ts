/**
 * One declarative description of every table, rendered per dialect by `render-ddl.ts` and applied by
 * `migrate.ts`. The layout reproduces what GORM AutoMigrate creates for new-api (reference §1), so Go nodes
 * and Tollgate nodes can share a database; the one deliberate difference is that quota columns are BIGINT in
 * new PostgreSQL/MySQL databases (existing columns are never retyped).
 *
 * The `columns` objects are typed against `schema.ts`: a column missing here or unknown there fails to compile.
 */
import {
  options,
  redemptions,
  setups,
  tokens,
  topUps,
  users,
} from './account-table-definitions.js';
import {
  abilities,
  channels,
  logs,
  midjourneys,
  quotaData,
  tasks,
} from './relay-table-definitions.js';
import {
  jobLeases,
  limitCounters,
  limitReservations,
  logOutbox,
  logOutboxDone,
  quotaHolds,
} from './ledger-table-definitions.js';
import { twoFactor, twoFactorBackupCodes } from './two-factor-table-definitions.js';
import { emailCodes } from './email-code-table-definitions.js';
import { passkeyCredentials } from './passkey-table-definitions.js';
import { noticeClaims } from './notice-claim-table-definitions.js';
import { prefillGroups } from './prefill-group-table-definitions.js';
import { customOAuthProviders, userOAuthBindings } from './custom-oauth-table-definitions.js';
import { models, vendors } from './catalogue-table-definitions.js';
import { checkins } from './checkin-table-definitions.js';
import {
  subscriptionOrders,
  subscriptionPlans,
  userSubscriptions,
} from './subscription-table-definitions.js';
import type { TableName } from './schema.js';
import type { AnyTableDefinition, TableDefinition } from './table-definition-types.js';

export type {
  AnyTableDefinition,
  ColumnDefinition,
  IndexDefinition,
  LogicalType,
  TableDefinition,
} from './table-definition-types.js';

/** Every table, in creation order. */
export const tableDefinitions: { readonly [Table in TableName]: TableDefinition<Table> } = {
  users,
  tokens,
  channels,
  abilities,
  options,
  redemptions,
  logs,
  top_ups: topUps,
  midjourneys,
  tasks,
  quota_data: quotaData,
  setups,
  quota_holds: quotaHolds,
  limit_counters: limitCounters,
  limit_reservations: limitReservations,
  log_outbox: logOutbox,
  log_outbox_done: logOutboxDone,
  two_factor: twoFactor,
  two_factor_backup_codes: twoFactorBackupCodes,
  email_codes: emailCodes,
  passkey_credentials: passkeyCredentials,
  job_leases: jobLeases,
  notice_claims: noticeClaims,
  prefill_groups: prefillGroups,
  custom_oauth_providers: customOAuthProviders,
  user_oauth_bindings: userOAuthBindings,
  models,
  vendors,
  checkins,
  subscription_plans: subscriptionPlans,
  subscription_orders: subscriptionOrders,
  user_subscriptions: userSubscriptions,
};

/** Every table name, in creation order. */
export const tableNames = Object.keys(tableDefinitions) as TableName[];

/** Looks up a table definition without the per-table generic (for code that loops over all tables). */
export function tableDefinition(table: TableName): AnyTableDefinition {
  return tableDefinitions[table] as AnyTableDefinition;
}

/** `table.column` keys of every boolean column (SQLite and MySQL store them as 0/1). */
export const booleanColumnKeys: ReadonlySet<string> = new Set(
  tableNames.flatMap((table) =>
    Object.entries(tableDefinition(table).columns)
      .filter(([, column]) => column.type === 'boolean')
      .map(([column]) => `${table}.${column}`),
  ),
);
