import { topUpOrderSchema, type TopUpOrder } from '@tollgate/contracts';
import { i18n } from '../../i18n/i18n';
import { ApiError, http } from '../../lib/http-client';
import { isRecord } from '../../lib/local-store';
import { clearStoredUser, getStoredUser } from '../../session/stored-user';
import { paymentFormFields, readPaymentAnswer } from './payment-answer';

/** A refusal of the quote or pay call, with the server's reason (shown as is). */
export class PaymentRefusedError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'PaymentRefusedError';
  }
}

/** `POST /api/user/topup {key}`: redeems a code; `data` is the quota added. */
export async function redeemCode(key: string): Promise<number> {
  const data = await http.post<unknown>('/api/user/topup', { key });
  return typeof data === 'number' && Number.isFinite(data) ? data : 0;
}

/**
 * Sends one of the two payment calls. They do not use the `success` envelope (see
 * `readPaymentAnswer`), so the console client, which would call them malformed, is not used;
 * the session header and the 401 rule are the same.
 */
export async function postPaymentCall(
  path: string,
  body: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<{ data: unknown; url: string }> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
  };
  const user = getStoredUser();
  if (user) headers['New-Api-User'] = String(user.id);
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers,
      credentials: 'same-origin',
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(i18n.t('errors:network'), 'network');
  }
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    parsed = undefined;
  }
  if (response.status === 401) {
    // The route guard sends the user to /login?expired=true once the session is dropped.
    clearStoredUser('expired');
    throw new ApiError(i18n.t('errors:sessionExpired'), 'unauthorized', 401);
  }
  const answer = readPaymentAnswer(parsed);
  if (answer && !answer.ok) {
    throw new PaymentRefusedError(answer.reason || i18n.t('errors:requestFailed'));
  }
  if (!response.ok) {
    throw new ApiError(i18n.t('errors:httpStatus', { status: response.status }), 'http');
  }
  if (!answer) throw new ApiError(i18n.t('errors:invalidResponse'), 'invalid-response');
  return { data: answer.data, url: answer.url };
}

/**
 * `POST /api/user/amount {amount, top_up_code}`: the money to pay for `amount` (in the input's
 * unit), as text with two decimals.
 */
export async function quoteTopUp(amount: number, signal?: AbortSignal): Promise<string> {
  const { data } = await postPaymentCall('/api/user/amount', { amount, top_up_code: '' }, signal);
  return typeof data === 'string' || typeof data === 'number' ? String(data) : '';
}

/** The provider form a pay call asks the browser to post. */
export interface PaymentForm {
  url: string;
  fields: [string, string][];
}

/**
 * `POST /api/user/pay {amount, payment_method, top_up_code}`: creates a pending order and returns
 * the signed form to post to the provider.
 */
export async function requestPayment(amount: number, paymentMethod: string): Promise<PaymentForm> {
  const { data, url } = await postPaymentCall('/api/user/pay', {
    amount,
    payment_method: paymentMethod,
    top_up_code: '',
  });
  if (url === '') throw new PaymentRefusedError(i18n.t('wallet:errors.payMethodConfig'));
  return { url, fields: paymentFormFields(data) };
}

export type { TopUpOrder };

export interface TopUpPage {
  orders: TopUpOrder[];
  total: number;
}

/** Keeps the rows that have an order's shape (an unexpected row is dropped, not shown broken). */
function toOrders(items: unknown): TopUpOrder[] {
  if (!Array.isArray(items)) return [];
  return items.flatMap((item) => {
    const parsed = topUpOrderSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** `GET /api/user/topup/self?p=&page_size=` (`p` 1-based): the user's own orders, newest first. */
export async function fetchTopUpPage(page: number, pageSize: number): Promise<TopUpPage> {
  const data = await http.get<unknown>('/api/user/topup/self', {
    query: { p: page, page_size: pageSize },
  });
  if (!isRecord(data)) return { orders: [], total: 0 };
  const total = typeof data.total === 'number' && Number.isFinite(data.total) ? data.total : 0;
  return { orders: toOrders(data.items), total };
}

/**
 * Posts the provider form in this window. The provider's return address is the console's
 * usage log, so the user comes back to the console after paying; a new tab opened after an
 * await would often be taken for a pop-up and blocked.
 */
export function submitPaymentForm(form: PaymentForm): void {
  const element = document.createElement('form');
  element.action = form.url;
  element.method = 'POST';
  element.style.display = 'none';
  for (const [name, value] of form.fields) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    element.appendChild(input);
  }
  document.body.appendChild(element);
  element.submit();
  element.remove();
}
