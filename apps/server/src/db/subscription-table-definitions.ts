/**
 * Subscription tables (new-api 1.0's later design: one quota pool per subscription, no per-model
 * items). Column names and defaults follow new-api so a database moves between the two.
 */
import { bigint, id, int, type TableDefinition } from './table-definition-types.js';

const varchar = (length: number, fallback = '') => ({
  type: 'varchar' as const,
  length,
  notNull: true,
  default: fallback,
});
const zero = { ...bigint, notNull: true, default: 0 };

export const subscriptionPlans: TableDefinition<'subscription_plans'> = {
  columns: {
    id,
    title: { type: 'varchar', length: 128, notNull: true },
    subtitle: varchar(255),
    price_amount: { type: 'double', notNull: true, default: 0 },
    currency: varchar(8, 'USD'),
    duration_unit: varchar(16, 'month'),
    duration_value: { ...int, notNull: true, default: 1 },
    custom_seconds: zero,
    enabled: { type: 'boolean', notNull: true, default: true },
    sort_order: { ...int, notNull: true, default: 0 },
    stripe_price_id: varchar(128),
    creem_product_id: varchar(128),
    max_purchase_per_user: { ...int, notNull: true, default: 0 },
    upgrade_group: varchar(64),
    total_amount: { type: 'quota', notNull: true, default: 0 },
    quota_reset_period: varchar(16, 'never'),
    quota_reset_custom_seconds: zero,
    created_at: zero,
    updated_at: zero,
  },
  indexes: [],
};

export const subscriptionOrders: TableDefinition<'subscription_orders'> = {
  columns: {
    id,
    user_id: { ...bigint, notNull: true },
    plan_id: { ...bigint, notNull: true },
    money: { type: 'double', notNull: true, default: 0 },
    trade_no: { type: 'varchar', length: 255, notNull: true },
    payment_method: varchar(50),
    payment_provider: varchar(50),
    status: { type: 'varchar', length: 32, notNull: true },
    create_time: zero,
    complete_time: zero,
    provider_payload: { type: 'text' },
  },
  indexes: [
    { name: 'idx_subscription_orders_trade_no', columns: ['trade_no'], unique: true },
    { name: 'idx_subscription_orders_user_id', columns: ['user_id'] },
    { name: 'idx_subscription_orders_plan_id', columns: ['plan_id'] },
  ],
};

export const userSubscriptions: TableDefinition<'user_subscriptions'> = {
  columns: {
    id,
    user_id: { ...bigint, notNull: true },
    plan_id: { ...bigint, notNull: true },
    amount_total: { type: 'quota', notNull: true, default: 0 },
    amount_used: { type: 'quota', notNull: true, default: 0 },
    start_time: { ...bigint, notNull: true },
    end_time: { ...bigint, notNull: true },
    status: { type: 'varchar', length: 32, notNull: true },
    source: varchar(32, 'order'),
    last_reset_time: zero,
    next_reset_time: zero,
    upgrade_group: varchar(64),
    prev_user_group: varchar(64),
    created_at: zero,
    updated_at: zero,
  },
  indexes: [
    { name: 'idx_user_sub_active', columns: ['user_id', 'status', 'end_time'] },
    { name: 'idx_user_subscriptions_plan_id', columns: ['plan_id'] },
    { name: 'idx_user_subscriptions_end_time', columns: ['end_time'] },
    { name: 'idx_user_subscriptions_next_reset_time', columns: ['next_reset_time'] },
  ],
};
