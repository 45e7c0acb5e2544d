import { i18n } from '../../i18n/i18n';
import { PaymentRefusedError, postPaymentCall, type PaymentForm } from './api';
import { linkIn } from './gateway-api';
import { paymentFormFields } from './payment-answer';

/**
 * Buying a subscription plan. The three pay calls answer like the top-up ones (`{message, data}`,
 * see payment-answer.ts): Epay a form to post to the provider, Stripe and Creem a checkout page.
 */

/** `POST /api/subscription/epay/pay {plan_id, payment_method}`: the provider form to post. */
export async function payPlanWithEpay(planId: number, paymentMethod: string): Promise<PaymentForm> {
  const { data, url } = await postPaymentCall('/api/subscription/epay/pay', {
    plan_id: planId,
    payment_method: paymentMethod,
  });
  if (url === '') throw new PaymentRefusedError(i18n.t('wallet:errors.payMethodConfig'));
  return { url, fields: paymentFormFields(data) };
}

/** `POST /api/subscription/stripe/pay {plan_id}`: Stripe's checkout page for the plan's price. */
export async function payPlanWithStripe(planId: number): Promise<string> {
  const { data } = await postPaymentCall('/api/subscription/stripe/pay', { plan_id: planId });
  return linkIn(data, 'pay_link');
}

/** `POST /api/subscription/creem/pay {plan_id}`: Creem's checkout page for the plan's product. */
export async function payPlanWithCreem(planId: number): Promise<string> {
  const { data } = await postPaymentCall('/api/subscription/creem/pay', { plan_id: planId });
  return linkIn(data, 'checkout_url');
}

/** The ways a plan can be paid for: an Epay method (its `type`), Stripe or Creem. */
export type PlanPayment = { gateway: 'epay'; method: string } | { gateway: 'stripe' | 'creem' };

/**
 * Opens an order for the plan and leaves for the provider: the Epay form is posted in this
 * window, the Stripe and Creem pages are opened in it.
 */
export async function buyPlan(
  planId: number,
  payment: PlanPayment,
  leave: { postForm: (form: PaymentForm) => void; open: (link: string) => void },
): Promise<void> {
  if (payment.gateway === 'epay') leave.postForm(await payPlanWithEpay(planId, payment.method));
  else if (payment.gateway === 'stripe') leave.open(await payPlanWithStripe(planId));
  else leave.open(await payPlanWithCreem(planId));
}
