import {
  topUpAdminPageQuerySchema,
  topUpPageQuerySchema,
  topUpPayRequestSchema,
  topUpQuoteRequestSchema,
} from '@tollgate/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, failure } from '../../errors/app-error.js';
import { handleEpayNotify } from '../../payments/epay-notify.js';
import {
  createEpayOrder,
  listAllTopUpOrders,
  listOwnTopUps,
  quoteForBuyer,
} from '../../payments/topup-orders.js';
import type { AppContext } from '../app-context.js';
import { requireAdmin, requireAuthenticated, requireUser } from '../auth.js';
import { ok } from '../envelope.js';
import { parseInput } from '../parse-body.js';

/** The reason new-api gives for a body it cannot read on the two payment calls. */
const BAD_PAYMENT_INPUT = '参数错误';

/**
 * The quote and pay answers: `{message: "success", data, ...}` or `{message: "error", data:
 * reason}` — new-api's shape for these two calls, which every console reads — instead of the
 * `success` envelope. Only business refusals become `error`; anything else is the usual 500.
 */
export async function paymentAnswer(
  work: () => Promise<Record<string, unknown>> | Record<string, unknown>,
): Promise<Record<string, unknown>> {
  try {
    return { message: 'success', ...(await work()) };
  } catch (error) {
    if (error instanceof AppError && error.status === 200) {
      return { message: 'error', data: error.message };
    }
    throw error;
  }
}

export function parsePaymentInput<Schema extends z.ZodType>(
  schema: Schema,
  body: unknown,
): z.infer<Schema> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw failure(BAD_PAYMENT_INPUT);
  return result.data;
}

/** One text value per name; of repeated names the first counts (Go's `Query().Get`). */
function textParams(source: unknown): Record<string, string> {
  const params: Record<string, string> = {};
  if (typeof source !== 'object' || source === null) return params;
  for (const [name, raw] of Object.entries(source)) {
    const value: unknown = Array.isArray(raw) ? raw[0] : raw;
    if (typeof value === 'string') params[name] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') params[name] = String(value);
  }
  return params;
}

/** A notification's parameters: the posted form when there is one, else the query string. */
export function notifyParams(request: FastifyRequest): Record<string, string> {
  const posted = request.method === 'POST' ? textParams(request.body) : {};
  return Object.keys(posted).length > 0 ? posted : textParams(request.query);
}

/** Parses posted forms in `scope` (first value of each name), for providers that POST them. */
export function acceptPostedForms(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      const params: Record<string, string> = {};
      for (const [name, value] of new URLSearchParams(String(body))) {
        if (!(name in params)) params[name] = value;
      }
      done(null, params);
    },
  );
}

/**
 * Online top-up through Epay (reference §9.2, spec part 2 "Wallet"): the quote and the pay call
 * for signed-in users, the order history (own, and all for admins), and the provider's
 * notification, which needs no sign-in and is trusted only through its signature.
 */
export async function registerTopUpRoutes(api: FastifyInstance, context: AppContext) {
  const userGuard = { preHandler: requireUser(context) };
  const adminGuard = { preHandler: requireAdmin(context) };

  /** `data` is the money to pay, as text with two decimals. */
  api.post('/user/amount', userGuard, async (request) =>
    paymentAnswer(() => {
      const { amount } = parsePaymentInput(topUpQuoteRequestSchema, request.body);
      return { data: quoteForBuyer(context, requireAuthenticated(request), amount) };
    }),
  );

  /** `data` is the signed form; `url` the provider's `submit.php`, where the browser posts it. */
  api.post('/user/pay', userGuard, async (request) =>
    paymentAnswer(async () => {
      const body = parsePaymentInput(topUpPayRequestSchema, request.body);
      const checkout = await createEpayOrder(context, requireAuthenticated(request), body);
      return { data: checkout.form, url: checkout.url };
    }),
  );

  /** `data` is `{items, total, page, page_size}`; `p` is 1-based. */
  api.get('/user/topup/self', userGuard, async (request) =>
    ok(
      await listOwnTopUps(
        context,
        requireAuthenticated(request).id,
        parseInput(topUpPageQuerySchema, request.query),
      ),
    ),
  );

  api.get('/user/topup', adminGuard, async (request) =>
    ok(await listAllTopUpOrders(context, parseInput(topUpAdminPageQuerySchema, request.query))),
  );

  // Providers call back with GET and a query string, or POST a form; the form parser is scoped to
  // this one route.
  await api.register(async (scope) => {
    acceptPostedForms(scope);
    const notify = async (request: FastifyRequest, reply: FastifyReply) => {
      let answer: 'success' | 'fail';
      try {
        const outcome = await handleEpayNotify(context, notifyParams(request));
        answer = outcome.answer;
        if (outcome.refusal) {
          request.log.warn(
            { tradeNo: outcome.tradeNo, reason: outcome.refusal, answer },
            'epay notification not credited',
          );
        } else if (outcome.credited) {
          request.log.info({ tradeNo: outcome.tradeNo }, 'epay top-up credited');
        }
      } catch (error) {
        // The provider retries a `fail`; the order is untouched (its transaction rolled back).
        request.log.error({ err: error }, 'epay notification failed');
        answer = 'fail';
      }
      return reply.type('text/plain; charset=utf-8').send(answer);
    };
    scope.get('/user/epay/notify', notify);
    scope.post('/user/epay/notify', notify);
  });
}
