import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { Database } from '../db/schema.js';

/**
 * The buyer's Stripe customer: the one kept on the user (`users.stripe_customer`), else one
 * created now with the user's email and kept at once, so every later order reuses it.
 */
export async function stripeCustomerOf(
  db: Kysely<Database>,
  stripe: Stripe,
  userId: number,
): Promise<string> {
  const user = await db
    .selectFrom('users')
    .select(['email', 'stripe_customer'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (user?.stripe_customer) return user.stripe_customer;
  const created = await stripe.customers.create(user?.email ? { email: user.email } : {});
  await db
    .updateTable('users')
    .set({ stripe_customer: created.id })
    .where('id', '=', userId)
    .execute();
  return created.id;
}
