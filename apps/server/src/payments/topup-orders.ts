/**
 * Online top-up orders (reference §9.2): the quote, the pay call that opens a pending order and
 * hands back the signed Epay form, and the order lists.
 */
import {
  TOP_UP_PAGE_SIZE_DEFAULT,
  TOP_UP_PAGE_SIZE_MAX,
  TOP_UP_STATUS,
  type AdminTopUpOrder,
  type AdminTopUpPage,
  type EpayForm,
  type TopUpAdminPageQuery,
  type TopUpOrder,
  type TopUpPage,
  type TopUpPageQuery,
  type TopUpPayRequest,
} from '@tollgate/contracts';
import { nowSeconds } from '../db/dialect-helpers.js';
import type { DatabaseHandle } from '../db/open-database.js';
import type { TopUpRow } from '../db/schema.js';
import { failure } from '../errors/app-error.js';
import { randomAlphanumeric } from '../lib/random.js';
import type { OptionStore } from '../options/option-store.js';
import {
  epayNotifyUrl,
  epayReturnUrl,
  epaySubmitUrl,
  readEpaySettings,
  resolveEpayType,
} from './epay-settings.js';
import { signEpayParams } from './epay-signature.js';
import * as topUps from './topup-repository.js';
import { quoteTopUp, readTopUpPricing } from './topup-quote.js';

/** What the order functions need. */
export interface TopUpOrderDeps {
  database: DatabaseHandle;
  options: OptionStore;
}

/** The signed-in buyer. */
export interface Buyer {
  id: number;
  /** The buyer's group, which picks the `TopupGroupRatio`. */
  group: string;
}

export const EPAY_NOT_CONFIGURED = '当前管理员未配置支付信息';
export const UNKNOWN_PAY_METHOD = '支付方式不存在';

/** Largest page number honoured; beyond it the list is empty anyway. */
const MAX_PAGE_NUMBER = 1_000_000;

/** `POST /api/user/amount`: the money (two decimals) `amount` costs this buyer. */
export function quoteForBuyer(deps: Pick<TopUpOrderDeps, 'options'>, buyer: Buyer, amount: number) {
  return quoteTopUp(readTopUpPricing(deps.options), buyer.group, amount).money;
}

/** What the pay call answers: the provider's form and where the browser posts it. */
export interface EpayCheckout {
  url: string;
  form: EpayForm;
}

/**
 * `POST /api/user/pay`: prices the amount, stores a pending order and returns the signed form.
 * `payment_method` must be the type of a configured `PayMethods` entry (new-api sends anything
 * unknown to the provider as WeChat Pay). The order is stored before the form is handed out, so
 * a notification can never arrive for an order that does not exist yet.
 */
export async function createEpayOrder(
  deps: TopUpOrderDeps,
  buyer: Buyer,
  request: TopUpPayRequest,
): Promise<EpayCheckout> {
  const { options } = deps;
  const settings = readEpaySettings(options);
  const url = settings && epaySubmitUrl(settings.payAddress);
  if (!settings || !url) throw failure(EPAY_NOT_CONFIGURED);
  const quote = quoteTopUp(readTopUpPricing(options), buyer.group, request.amount);
  const type = resolveEpayType(options, request.payment_method);
  if (!type) throw failure(UNKNOWN_PAY_METHOD);

  const now = nowSeconds();
  const tradeNo = `USR${buyer.id}NO${randomAlphanumeric(6)}${now}`;
  const fields: Record<string, string> = {
    device: 'pc',
    money: quote.money,
    name: `TUC${request.amount}`,
    notify_url: epayNotifyUrl(options),
    out_trade_no: tradeNo,
    pid: settings.partnerId,
    return_url: epayReturnUrl(options),
    type,
  };
  const signed = { ...fields, sign: signEpayParams(fields, settings.key), sign_type: 'MD5' };
  // Keys in name order, as new-api's JSON has them.
  const form = Object.fromEntries(
    Object.entries(signed).sort(([left], [right]) => (left < right ? -1 : 1)),
  );
  await topUps.insertTopUp(deps.database.db, {
    user_id: buyer.id,
    amount: quote.units,
    // The two-decimal money asked of the provider, which its notification must report back.
    money: Number(quote.money),
    trade_no: tradeNo,
    create_time: now,
    complete_time: 0,
    status: TOP_UP_STATUS.pending,
    payment_method: type,
    currency: '',
  });
  return { url, form };
}

export function topUpRowToDto(row: TopUpRow): TopUpOrder {
  return {
    id: Number(row.id),
    user_id: Number(row.user_id),
    amount: Number(row.amount),
    money: Number(row.money),
    trade_no: row.trade_no ?? '',
    create_time: Number(row.create_time ?? 0),
    complete_time: Number(row.complete_time ?? 0),
    status: row.status ?? '',
    payment_method: row.payment_method ?? '',
    currency: row.currency ?? '',
  };
}

function pageOf(query: TopUpPageQuery): { page: number; pageSize: number; offset: number } {
  const page = Math.min(Math.max(query.p, 1), MAX_PAGE_NUMBER);
  const pageSize =
    query.page_size <= 0
      ? TOP_UP_PAGE_SIZE_DEFAULT
      : Math.min(query.page_size, TOP_UP_PAGE_SIZE_MAX);
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/** `GET /api/user/topup/self`: the caller's own orders, newest first. */
export async function listOwnTopUps(
  deps: Pick<TopUpOrderDeps, 'database'>,
  userId: number,
  query: TopUpPageQuery,
): Promise<TopUpPage> {
  const { page, pageSize, offset } = pageOf(query);
  const { items, total } = await topUps.listUserTopUps(deps.database.db, userId, offset, pageSize);
  return { items: items.map(topUpRowToDto), total, page, page_size: pageSize };
}

/** `GET /api/user/topup` (admin): every order with its buyer, newest first, optionally searched. */
export async function listAllTopUpOrders(
  deps: Pick<TopUpOrderDeps, 'database'>,
  query: TopUpAdminPageQuery,
): Promise<AdminTopUpPage> {
  const { page, pageSize, offset } = pageOf(query);
  const { items, total } = await topUps.listAllTopUps(
    deps.database.db,
    query.keyword.trim(),
    offset,
    pageSize,
  );
  const orders = items.map(
    (row): AdminTopUpOrder => ({ ...topUpRowToDto(row), username: row.username ?? '' }),
  );
  return { items: orders, total, page, page_size: pageSize };
}
