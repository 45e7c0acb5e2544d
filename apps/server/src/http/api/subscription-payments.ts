import {
  subscriptionCheckoutRequestSchema,
  subscriptionEpayPayRequestSchema,
} from '@tollgate/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createEpaySubscriptionOrder } from '../../subscriptions/epay-purchase.js';
import {
  handleSubscriptionEpayNotify,
  returnPageUrl,
  type SubscriptionNotifyOutcome,
} from '../../subscriptions/epay-notification.js';
import {
  createCreemSubscriptionOrder,
  createStripeSubscriptionOrder,
} from '../../subscriptions/hosted-checkout-purchase.js';
import type { AppContext } from '../app-context.js';
import { requireAuthenticated, requireUser } from '../auth.js';
import { rateLimitHook } from '../rate-limit-hooks.js';
import { acceptPostedForms, notifyParams, parsePaymentInput, paymentAnswer } from './topup.js';

/**
 * Buying a plan (reference 2026 additions §1.5): the three pay calls (signed-in, under the critical
 * rate limit) answer as the top-up pay calls do (`{message: "success", data}` or `{message:
 * "error", data: reason}`); the Epay notification and the payer's return need no sign-in and are
 * trusted only through their signature. Stripe and Creem complete subscription orders through
 * their top-up webhooks (topup-gateways.ts), which look the reference up here first.
 */
export async function registerSubscriptionPaymentRoutes(api: FastifyInstance, context: AppContext) {
  const critical = rateLimitHook(context.rateLimiter, 'CT', context.config.criticalRateLimit);
  const payGuard = { onRequest: critical, preHandler: requireUser(context) };

  /** `data` is the signed form; `url` the provider's `submit.php`. */
  api.post('/subscription/epay/pay', payGuard, async (request) =>
    paymentAnswer(async () => {
      const body = parsePaymentInput(subscriptionEpayPayRequestSchema, request.body);
      const buyer = requireAuthenticated(request).id;
      const checkout = await createEpaySubscriptionOrder(context, buyer, body);
      return { data: checkout.form, url: checkout.url };
    }),
  );

  /** `data` is `{pay_link}`. */
  api.post('/subscription/stripe/pay', payGuard, async (request) =>
    paymentAnswer(async () => {
      const { plan_id: planId } = parsePaymentInput(
        subscriptionCheckoutRequestSchema,
        request.body,
      );
      const buyer = requireAuthenticated(request).id;
      const order = await createStripeSubscriptionOrder(context, buyer, planId);
      return { data: { pay_link: order.payLink } };
    }),
  );

  /** `data` is `{checkout_url, order_id}` (`order_id`: the order's reference). */
  api.post('/subscription/creem/pay', payGuard, async (request) =>
    paymentAnswer(async () => {
      const { plan_id: planId } = parsePaymentInput(
        subscriptionCheckoutRequestSchema,
        request.body,
      );
      const buyer = requireAuthenticated(request).id;
      const order = await createCreemSubscriptionOrder(context, buyer, planId);
      return { data: { checkout_url: order.checkoutUrl, order_id: order.tradeNo } };
    }),
  );

  await api.register(async (scope) => {
    acceptPostedForms(scope);

    const handle = async (request: FastifyRequest): Promise<SubscriptionNotifyOutcome> => {
      try {
        const outcome = await handleSubscriptionEpayNotify(context, notifyParams(request));
        const details = { tradeNo: outcome.tradeNo, reason: outcome.refusal };
        if (outcome.completed) request.log.info(details, 'epay subscription order completed');
        else if (outcome.refusal) request.log.warn(details, 'epay subscription callback refused');
        return outcome;
      } catch (error) {
        // Rolled back: the order is still pending and the provider tries again.
        request.log.error({ err: error }, 'epay subscription callback failed');
        return { answer: 'fail', completed: false, tradeNo: '', refusal: 'error' };
      }
    };

    /** The provider's notification: body `success` (stop) or `fail` (try again). */
    const notify = async (request: FastifyRequest, reply: FastifyReply) =>
      reply.type('text/plain; charset=utf-8').send((await handle(request)).answer);
    scope.get('/subscription/epay/notify', notify);
    scope.post('/subscription/epay/notify', notify);

    /** The payer's browser: completes the order like a notification, then to the wallet page. */
    const back = async (request: FastifyRequest, reply: FastifyReply) =>
      reply.redirect(returnPageUrl(context.options.get('ServerAddress'), await handle(request)));
    scope.get('/subscription/epay/return', back);
    scope.post('/subscription/epay/return', back);
  });
}
