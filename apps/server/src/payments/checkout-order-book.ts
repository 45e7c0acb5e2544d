import type Stripe from 'stripe';

/**
 * Orders other than top-ups that are paid through the same hosted checkouts — subscription orders
 * (subscriptions/) — which the Stripe and Creem webhooks ask about first (new-api's order): each
 * method answers undefined when the reference names none of its orders, so the top-up path runs.
 * The webhooks have already checked the signature and, for Stripe, read the session back.
 */
export interface CheckoutOrderBook {
  /** A completed and paid Checkout Session, as Stripe's API returned it. */
  stripePaid(session: Stripe.Checkout.Session): Promise<CheckoutOrderOutcome | undefined>;
  /** An expired Checkout Session, as Stripe's API returned it. */
  stripeExpired(session: Stripe.Checkout.Session): Promise<CheckoutOrderOutcome | undefined>;
  /**
   * A `checkout.completed` delivery for `reference`; `checkout()` reads the checkout back from
   * Creem's API (it throws when Creem cannot be asked: the delivery then answers 500).
   */
  creemPaid(
    reference: string,
    checkout: () => Promise<Record<string, unknown>>,
  ): Promise<CheckoutOrderOutcome | undefined>;
}

export interface CheckoutOrderOutcome {
  /** True for the one delivery that completed (or expired) the order. */
  changed: boolean;
  /** Why nothing changed, for the server log. */
  refusal?: string;
  /** The gateway should deliver again later (something may change meanwhile). */
  retry?: boolean;
}
