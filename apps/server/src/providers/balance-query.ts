/**
 * The contract of a vendor's balance query (reference §5.5) and the parsing helpers the queries
 * share. Every query is a plain HTTPS GET with the channel key; the HTTP part is injected so the
 * parsing can be tested alone (the relay's `channel-checks/` runs them on its upstream client).
 */
import { channelTypeDefinition } from '@tollgate/contracts';
import { isJsonObject, type JsonObject } from './json-guards.js';

/** The channel fields a balance query reads. */
export interface BalanceChannel {
  type: number;
  key: string;
  /** `channels.base_url` as stored ('' → the type's default). */
  baseUrl: string;
}

/** One GET returning parsed JSON; throws `Error('status code: <n>')` for a non-200 answer. */
export type FetchJson = (url: string, headers: Record<string, string>) => Promise<unknown>;

/** Asks the provider for the key's balance (USD, or points/CNY as the provider counts). */
export type BalanceQuery = (
  channel: BalanceChannel,
  fetchJson: FetchJson,
  now: Date,
) => Promise<number>;

/** Raised for a balance the provider did not report (the message is shown to the operator). */
export class BalanceQueryError extends Error {
  /** A provider's refusal as `code: <n>, message: <text>` (a missing code reads 0). */
  static refused(code: unknown, message: unknown): BalanceQueryError {
    const number = typeof code === 'number' && Number.isFinite(code) ? code : 0;
    return new BalanceQueryError(`code: ${number}, message: ${String(message ?? '')}`);
  }
}

export const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

/** A JSON object answer, or a clear error for anything else. */
export function objectOf(value: unknown): JsonObject {
  if (!isJsonObject(value)) throw new BalanceQueryError('unexpected balance response');
  return value;
}

/** The usual query: a GET with the channel key as bearer token, answered by a JSON object. */
export async function fetchWithBearer(
  fetchJson: FetchJson,
  url: string,
  channel: BalanceChannel,
): Promise<JsonObject> {
  return objectOf(await fetchJson(url, bearer(channel.key)));
}

/** Go's zero value for a missing or mistyped number field. */
export function numberField(record: JsonObject, key: string): number {
  const value = record[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** A decimal sent as a string (SiliconFlow, DeepSeek). */
export function decimalField(record: JsonObject, key: string): number {
  const value = record[key];
  const number = typeof value === 'string' ? Number(value.trim()) : Number.NaN;
  if (value === '' || !Number.isFinite(number)) {
    throw new BalanceQueryError(`invalid balance value: ${JSON.stringify(value ?? null)}`);
  }
  return number;
}

/** The channel's address (trimmed, trailing slashes dropped), else the type's default. */
export function balanceBaseUrl(channel: BalanceChannel): string {
  const chosen =
    channel.baseUrl.trim() || channelTypeDefinition(channel.type)?.defaultBaseUrl || '';
  return chosen.replace(/\/+$/, '');
}

/** `YYYY-MM-DD` in local time, as Go's `time.Now().Format("2006-01-02")`. */
export function localDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}
