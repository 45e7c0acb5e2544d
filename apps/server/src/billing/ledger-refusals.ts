import { RelayError } from '../errors/relay-error.js';
import type { LeaseGrant } from './ledger-batch.js';

/** The reference's 403 when the balance named by `shortfall` cannot cover a call's estimate. */
export function shortfallError(shortfall: LeaseGrant['shortfall'], amount: number): RelayError {
  if (shortfall === 'subscription') return subscriptionQuotaError(amount);
  return shortfall === 'token'
    ? new RelayError(
        403,
        `pre-consume quota failed: token quota is not enough, need quota: ${amount}`,
        'new_api_error',
        'pre_consume_token_quota_failed',
      )
    : new RelayError(
        403,
        `pre-consume quota failed: user quota is not enough, need quota: ${amount}`,
        'new_api_error',
        'insufficient_user_quota',
      );
}

/** The reference's 403 for a user whose balance is used up. */
export function userQuotaError(): RelayError {
  return new RelayError(
    403,
    'user quota is not enough',
    'new_api_error',
    'insufficient_user_quota',
  );
}

/**
 * new-api 1.0's 403 when a call must be paid by a subscription and none can (no active one, or
 * none with `amount` left in its period). The relay falls back to the wallet first where the
 * user's billing preference allows.
 */
export function subscriptionQuotaError(amount?: number): RelayError {
  const reason =
    amount === undefined
      ? 'no active subscription'
      : `subscription quota insufficient, need=${amount}`;
  return new RelayError(
    403,
    `订阅额度不足或未配置订阅: ${reason}`,
    'new_api_error',
    'insufficient_user_quota',
  );
}
