import { describe, expect, it } from 'vitest';
import type { AdmitRequest } from '../billing/quota-ledger.js';
import { subscriptionQuotaError, userQuotaError } from '../billing/ledger-refusals.js';
import { RelayError } from '../errors/relay-error.js';
import type { RelayCaller } from './auth/relay-caller-cache.js';
import { admitFromPayer } from './choose-payer.js';
import type { RelayServices } from './relay-services.js';

/** Who pays, by preference, over a fake ledger whose pools each hold a fixed amount. */
function setup(pools: { wallet: number; subscriptions: { id: number; left: number }[] }) {
  const asked: string[] = [];
  const spent: number[] = [];
  const ledger = {
    admit(request: AdmitRequest) {
      const id = request.subscription?.id;
      asked.push(id ? `sub${id}` : 'wallet');
      const left = id ? pools.subscriptions.find((pool) => pool.id === id)!.left : pools.wallet;
      if (left < request.estimate)
        throw id ? subscriptionQuotaError(request.estimate) : userQuotaError();
      return {
        userId: 1,
        tokenId: 2,
        estimate: request.estimate,
        ...(id ? { subscriptionId: id } : {}),
      };
    },
  };
  const subscriptions = {
    candidates: () =>
      pools.subscriptions.map((pool) => ({ subscription: { id: pool.id }, remaining: pool.left })),
    markSpent: (id: number) => spent.push(id),
  };
  const services = { ledger, subscriptions } as unknown as RelayServices;
  const caller = (preference?: string) =>
    ({
      user: {
        id: 1,
        quota: pools.wallet,
        setting: preference ? { billing_preference: preference } : {},
      },
      token: { id: 2, remain_quota: 1e9, unlimited_quota: true },
    }) as unknown as RelayCaller;
  return {
    asked,
    spent,
    admit: (estimate: number, preference?: string) =>
      admitFromPayer(services, caller(preference), estimate),
  };
}

describe('admitFromPayer', () => {
  it('draws subscriptions first by default, the one ending first first, then the wallet', async () => {
    const payer = setup({
      wallet: 100,
      subscriptions: [
        { id: 7, left: 5 },
        { id: 8, left: 50 },
      ],
    });
    expect(await payer.admit(20)).toMatchObject({ subscriptionId: 8 });
    expect(payer.asked).toEqual(['sub7', 'sub8']);
    expect(payer.spent).toEqual([7]);
    const unknown = setup({ wallet: 100, subscriptions: [{ id: 7, left: 5 }] });
    expect(await unknown.admit(20, 'something_else')).not.toHaveProperty('subscriptionId');
    expect(unknown.asked).toEqual(['sub7', 'wallet']);
  });

  it('keeps a user without subscriptions on the wallet, synchronously', () => {
    const payer = setup({ wallet: 100, subscriptions: [] });
    expect(payer.admit(20)).toEqual({ userId: 1, tokenId: 2, estimate: 20 });
    expect(() => payer.admit(200)).toThrow('user quota is not enough');
  });

  it('wallet_first falls back to a subscription; wallet_only never does', async () => {
    const payer = setup({ wallet: 10, subscriptions: [{ id: 7, left: 50 }] });
    expect(await payer.admit(20, 'wallet_first')).toMatchObject({ subscriptionId: 7 });
    expect(payer.asked).toEqual(['wallet', 'sub7']);
    expect(() => payer.admit(20, 'wallet_only')).toThrow('user quota is not enough');
  });

  it('subscription_only refuses with the subscription error, never the wallet', async () => {
    const none = setup({ wallet: 1000, subscriptions: [] });
    expect(() => none.admit(20, 'subscription_only')).toThrow(
      '订阅额度不足或未配置订阅: no active subscription',
    );
    const spent = setup({ wallet: 1000, subscriptions: [{ id: 7, left: 5 }] });
    await expect(spent.admit(20, 'subscription_only')).rejects.toMatchObject({
      status: 403,
      message: '订阅额度不足或未配置订阅: subscription quota insufficient, need=20',
    });
    expect(spent.asked).toEqual(['sub7']);
  });

  it('passes on a refusal that is not for want of quota (the token’s, an outage)', async () => {
    const payer = setup({ wallet: 100, subscriptions: [{ id: 7, left: 50 }] });
    const tokenRefusal = new RelayError(
      403,
      'token quota',
      'new_api_error',
      'pre_consume_token_quota_failed',
    );
    const services = {
      ledger: {
        admit: () => {
          throw tokenRefusal;
        },
      },
      subscriptions: {
        candidates: () => [{ subscription: { id: 7 }, remaining: 50 }],
        markSpent() {},
      },
    } as unknown as RelayServices;
    const caller = {
      user: { id: 1, quota: 100, setting: {} },
      token: { id: 2 },
    } as unknown as RelayCaller;
    await expect(admitFromPayer(services, caller, 20)).rejects.toBe(tokenRefusal);
    expect(payer.asked).toEqual([]);
  });
});
