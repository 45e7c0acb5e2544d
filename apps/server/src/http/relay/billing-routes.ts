import { withHeldTokenQuota, withHeldUserQuota } from '../../billing/held-quota.js';
import type { RelayExchange } from '../../relay/relay-exchange.js';
import type { RelayServices } from '../../relay/relay-services.js';
import { authenticateExchange } from './authenticate-exchange.js';
import { sendRelayError } from './relay-error-response.js';

/** What an unlimited token reports as its limit (reference §12.7). */
const UNLIMITED_AMOUNT = 100_000_000;

/** `/dashboard/billing/subscription` and `/usage`, with or without the `/v1` prefix. */
export const BILLING_PATH = /^(?:\/v1)?\/dashboard\/billing\/(subscription|usage)$/;

/**
 * The key's balance and usage as (old) OpenAI billing answers, which chat clients show
 * (reference §12.7): the token's numbers when `DisplayTokenStatEnabled`, else its owner's; in
 * units of `QuotaPerUnit` when `DisplayInCurrencyEnabled`. Balances are read from the database,
 * with what is held for calls in flight counted in, so they are exact across processes.
 */
export async function handleBilling(
  services: RelayServices,
  exchange: RelayExchange,
  what: 'subscription' | 'usage',
): Promise<void> {
  try {
    const { caller } = await authenticateExchange(services, exchange);
    const { options, db } = services;
    const perToken = options.getBoolean('DisplayTokenStatEnabled');
    const inCurrency = options.getBoolean('DisplayInCurrencyEnabled');
    const quotaPerUnit = options.getNumber('QuotaPerUnit') || 1;
    let remain: number;
    let used: number;
    let accessUntil = 0;
    let unlimited = false;
    if (perToken) {
      const row = await db
        .selectFrom('tokens')
        .selectAll()
        .where('id', '=', caller.token.id)
        .executeTakeFirstOrThrow();
      const [token] = await withHeldTokenQuota(db, [row]);
      remain = Number(token.remain_quota);
      used = Number(token.used_quota);
      accessUntil = Math.max(0, Number(token.expired_time));
      unlimited = Boolean(token.unlimited_quota);
    } else {
      const row = await db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', caller.user.id)
        .executeTakeFirstOrThrow();
      const [user] = await withHeldUserQuota(db, [row]);
      remain = Number(user.quota);
      used = Number(user.used_quota);
    }
    const inUnits = (quota: number) => (inCurrency ? quota / quotaPerUnit : quota);
    if (what === 'usage') {
      exchange.sendJson(200, { object: 'list', total_usage: inUnits(used) * 100 });
      return;
    }
    const amount = unlimited ? UNLIMITED_AMOUNT : inUnits(remain + used);
    exchange.sendJson(200, {
      object: 'billing_subscription',
      has_payment_method: true,
      soft_limit_usd: amount,
      hard_limit_usd: amount,
      system_hard_limit_usd: amount,
      access_until: accessUntil,
    });
  } catch (error) {
    sendRelayError(exchange, error);
  }
}
