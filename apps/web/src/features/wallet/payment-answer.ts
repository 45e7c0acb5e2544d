import { isRecord } from '../../lib/local-store';

/**
 * What `POST /api/user/amount` and `POST /api/user/pay` answer. Unlike the rest of the console
 * API they carry `message: "success" | "error"` instead of the `success` boolean, with the
 * result (or the refusal reason) in `data`; the pay answer adds the provider's `url`.
 */
export type PaymentAnswer =
  | { ok: true; data: unknown; url: string }
  | { ok: false; reason: string };

/**
 * Reads one such answer. A standard envelope (`success: false` with `message`) is understood too,
 * so a refusal the server words the usual way (bad input, missing session) is shown as well.
 * Returns null for a body of neither shape.
 */
export function readPaymentAnswer(body: unknown): PaymentAnswer | null {
  if (!isRecord(body)) return null;
  const url = typeof body.url === 'string' ? body.url : '';
  if (body.message === 'success' && body.success !== false) {
    return { ok: true, data: body.data, url };
  }
  if (body.message === 'error') {
    return { ok: false, reason: typeof body.data === 'string' ? body.data : '' };
  }
  if (body.success === false) {
    return { ok: false, reason: typeof body.message === 'string' ? body.message : '' };
  }
  return null;
}

/** The provider form of a pay answer: every field as text, in the order given. */
export function paymentFormFields(data: unknown): [string, string][] {
  if (!isRecord(data)) return [];
  return Object.entries(data).flatMap(([name, value]): [string, string][] => {
    if (typeof value === 'string') return [[name, value]];
    if (typeof value === 'number' || typeof value === 'boolean') return [[name, String(value)]];
    return [];
  });
}
