import type { PayMethod } from '@tollgate/contracts';

/**
 * What the site reports of its gateways: Epay's methods when Epay is configured (else none).
 * Stripe and Creem have no flag of their own for plans: the wallet's `enable_stripe_topup` and
 * `enable_creem_topup` also need top-up settings (a Stripe price, Creem products) that plans do
 * not use, so a plan offers them by its own ids and the server refuses an unconfigured gateway.
 */
export interface PlanGateways {
  epayMethods: PayMethod[];
}

/** One buy button of a plan card. */
export type PlanPaymentChoice =
  | { gateway: 'epay'; method: PayMethod }
  | { gateway: 'stripe' }
  | { gateway: 'creem' };

/** Epay refuses to charge less than this (reference 1.5: "the plan's price is too low"). */
export const epayMinimumPrice = 0.01;

/**
 * The ways a plan can be bought: each Epay method when its price reaches Epay's minimum, Stripe
 * when the plan has a Stripe price, Creem when it has a Creem product (what each pay call needs).
 */
export function planPaymentChoices(
  plan: { price_amount: number; stripe_price_id: string; creem_product_id: string },
  gateways: PlanGateways,
): PlanPaymentChoice[] {
  const choices: PlanPaymentChoice[] = [];
  if (plan.price_amount >= epayMinimumPrice) {
    for (const method of gateways.epayMethods) choices.push({ gateway: 'epay', method });
  }
  if (plan.stripe_price_id !== '') choices.push({ gateway: 'stripe' });
  if (plan.creem_product_id !== '') choices.push({ gateway: 'creem' });
  return choices;
}
