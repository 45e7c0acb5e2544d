import { createHmac } from 'node:crypto';
import { RelayError } from '../../errors/relay-error.js';

/** Host of iFlytek's Spark chat API (channel type 18 has no HTTP base URL of its own). */
export const SPARK_DEFAULT_HOST = 'spark-api.xf-yun.com';

/** The three parts of a Spark channel key, `APPID|APISecret|APIKey`. */
export interface SparkCredentials {
  appId: string;
  apiSecret: string;
  apiKey: string;
}

/** Splits the channel key; a key without three non-empty parts is the operator's mistake. */
export function parseSparkKey(key: string): SparkCredentials {
  const parts = key.split('|');
  if (parts.length !== 3 || parts.some((part) => part.trim() === '')) {
    throw RelayError.badRequest(
      'an iFlytek Spark channel key must be APPID|APISecret|APIKey',
      'invalid_channel_key',
    );
  }
  const [appId, apiSecret, apiKey] = parts.map((part) => part.trim()) as [string, string, string];
  return { appId, apiSecret, apiKey };
}

/**
 * The websocket origin: `wss://spark-api.xf-yun.com`, or the channel's base URL when it has one
 * (a proxy, or the test mock), its scheme mapped http → ws and https → wss.
 */
export function sparkOrigin(baseUrl: string): URL {
  const base = baseUrl.trim();
  if (base === '') return new URL(`wss://${SPARK_DEFAULT_HOST}`);
  const url = new URL(base);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  else if (url.protocol === 'https:') url.protocol = 'wss:';
  return url;
}

/**
 * iFlytek's signed websocket URL (its documented HMAC-SHA256 scheme, computed with node:crypto —
 * there is no maintained signer to use instead): the signature covers the `host` and `date`
 * headers and the request line `GET /{version}/chat HTTP/1.1`; the `authorization` parameter is
 * the base64 of the api_key/algorithm/headers/signature description. iFlytek refuses a date more
 * than 300 s away from its clock, so the URL is signed just before each connection.
 */
export function signSparkUrl(
  origin: URL,
  version: string,
  credentials: SparkCredentials,
  now: Date,
): string {
  const path = `/${version}/chat`;
  const host = origin.host;
  const date = now.toUTCString();
  const signed = `host: ${host}\ndate: ${date}\nGET ${path} HTTP/1.1`;
  const signature = createHmac('sha256', credentials.apiSecret).update(signed).digest('base64');
  const description =
    `api_key="${credentials.apiKey}", algorithm="hmac-sha256", ` +
    `headers="host date request-line", signature="${signature}"`;
  const query = new URLSearchParams({
    authorization: Buffer.from(description).toString('base64'),
    date,
    host,
  });
  return `${origin.protocol}//${host}${path}?${query.toString()}`;
}
