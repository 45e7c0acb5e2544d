import {
  creemPayRequestSchema,
  stripePayRequestSchema,
  stripeQuoteRequestSchema,
  topUpCompleteRequestSchema,
} from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { createCreemOrder } from '../../payments/creem-checkout.js';
import { handleCreemWebhook } from '../../payments/creem-webhook.js';
import { createStripeOrder, quoteStripeForBuyer } from '../../payments/stripe-checkout.js';
import { handleStripeWebhook } from '../../payments/stripe-webhook.js';
import { completeTopUpManually, readTopUpInfo } from '../../payments/topup-admin.js';
import { subscriptionCheckoutOrders } from '../../subscriptions/subscription-checkout-orders.js';
import type { AppContext } from '../app-context.js';
import { requireAdmin, requireAuthenticated, requireUser } from '../auth.js';
import { ok } from '../envelope.js';
import { parseInput } from '../parse-body.js';
import { parsePaymentInput, paymentAnswer } from './topup.js';

/** Header values as one text ('' when missing). */
function headerText(value: string | string[] | undefined): string {
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

/**
 * Stripe and Creem top-ups (reference 2026 additions §2), the wallet's payment configuration and
 * the admin's manual completion. The two webhooks need no sign-in: each is checked by its
 * signature over the raw body and then confirmed with the gateway's API.
 */
export async function registerTopUpGatewayRoutes(api: FastifyInstance, context: AppContext) {
  const userGuard = { preHandler: requireUser(context) };
  const adminGuard = { preHandler: requireAdmin(context) };

  api.get('/user/topup/info', userGuard, async () => ok(readTopUpInfo(context.options)));

  api.post('/user/stripe/amount', userGuard, async (request) =>
    paymentAnswer(() => {
      const { amount } = parsePaymentInput(stripeQuoteRequestSchema, request.body);
      return { data: quoteStripeForBuyer(context, requireAuthenticated(request), amount) };
    }),
  );

  api.post('/user/stripe/pay', userGuard, async (request) =>
    paymentAnswer(async () => {
      const body = parsePaymentInput(stripePayRequestSchema, request.body);
      const order = await createStripeOrder(context, requireAuthenticated(request), body);
      return { data: { pay_link: order.payLink } };
    }),
  );

  api.post('/user/creem/pay', userGuard, async (request) =>
    paymentAnswer(async () => {
      const body = parsePaymentInput(creemPayRequestSchema, request.body);
      const order = await createCreemOrder(context, requireAuthenticated(request), body);
      return { data: { checkout_url: order.checkoutUrl, order_id: order.tradeNo } };
    }),
  );

  api.post('/user/topup/complete', adminGuard, async (request) => {
    const { trade_no: tradeNo } = parseInput(topUpCompleteRequestSchema, request.body);
    const admin = requireAuthenticated(request);
    const order = await completeTopUpManually(context, tradeNo, admin.username);
    request.log.info({ tradeNo, admin: admin.id }, 'top-up completed manually');
    return ok(order);
  });

  // The webhooks read the body as bytes: the signatures are over the exact bytes received.
  // Subscription orders are looked up before top-ups.
  const webhookDeps = { ...context, checkoutOrders: subscriptionCheckoutOrders(context) };
  await api.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    const rawBody = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));

    scope.post('/stripe/webhook', async (request, reply) => {
      const signature = headerText(request.headers['stripe-signature']);
      const outcome = await handleStripeWebhook(webhookDeps, rawBody(request.body), signature);
      const details = { event: outcome.event, tradeNo: outcome.tradeNo, reason: outcome.refusal };
      if (outcome.credited) request.log.info(details, 'stripe order completed');
      else if (outcome.refusal) request.log.warn(details, 'stripe webhook changed nothing');
      return reply.status(outcome.status).type('text/plain; charset=utf-8').send('');
    });

    scope.post('/creem/webhook', async (request, reply) => {
      const signature = headerText(request.headers['creem-signature']) || undefined;
      const outcome = await handleCreemWebhook(webhookDeps, rawBody(request.body), signature);
      const details = { event: outcome.event, tradeNo: outcome.tradeNo, reason: outcome.refusal };
      if (outcome.credited) request.log.info(details, 'creem order completed');
      else if (outcome.refusal) request.log.warn(details, 'creem webhook changed nothing');
      return reply.status(outcome.status).type('text/plain; charset=utf-8').send('');
    });
  });
}
