/**
 * How each provider reports a key's remaining balance (reference §5.5): the `balance` query of the
 * type's vendor (`providers/vendors.ts`). The HTTP part is injected so the parsing can be tested
 * alone.
 */
import {
  BalanceQueryError,
  type BalanceChannel,
  type FetchJson,
} from '../../providers/balance-query.js';
import { vendorOf } from '../../providers/vendors.js';

export {
  BalanceQueryError,
  localDate,
  type BalanceChannel,
  type FetchJson,
} from '../../providers/balance-query.js';

/** The reference's message for types without a balance API (Azure and most others). */
export const BALANCE_NOT_IMPLEMENTED = '尚未实现';

/** Whether Tollgate can read the balance of this channel type. */
export function supportsBalanceQuery(channelType: number): boolean {
  return vendorOf(channelType)?.balance !== undefined;
}

/** Asks the provider for the channel's balance (USD, or points/CNY as the provider counts). */
export async function queryBalance(
  channel: BalanceChannel,
  fetchJson: FetchJson,
  now = new Date(),
): Promise<number> {
  const query = vendorOf(channel.type)?.balance;
  if (!query) throw new BalanceQueryError(BALANCE_NOT_IMPLEMENTED);
  return query(channel, fetchJson, now);
}
