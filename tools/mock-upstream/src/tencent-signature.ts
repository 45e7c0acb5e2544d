import { createHash, createHmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * The mock's own check of Tencent Cloud API v3 signatures (TC3-HMAC-SHA256), written from
 * Tencent's published algorithm and independent of the signer the gateway uses:
 *
 *   CanonicalRequest = Method \n Path \n Query \n CanonicalHeaders \n SignedHeaders \n
 *                      hex(SHA256(body))
 *   StringToSign     = "TC3-HMAC-SHA256" \n Timestamp \n Date/service/tc3_request \n
 *                      hex(SHA256(CanonicalRequest))
 *   SecretSigning    = HMAC(HMAC(HMAC("TC3" + SecretKey, Date), service), "tc3_request")
 *   Signature        = hex(HMAC(SecretSigning, StringToSign))
 *
 * Canonical headers are `name:value\n` for each signed header, names and values lower-cased and
 * trimmed, in SignedHeaders order; `host` is the host name without a port (Tencent's endpoints
 * are on the default port, where the Host header has none).
 */

/** The SecretId and SecretKey the mock knows. */
export const MOCK_TENCENT_SECRET_ID = 'AKIDmockTencentSecretId0001';
export const MOCK_TENCENT_SECRET_KEY = 'mockTencentSecretKey0001';
/** How far a request's timestamp may be from the mock's clock (s), as Tencent allows. */
export const SIGNATURE_WINDOW_SECONDS = 300;

/** Why a signature is refused: a Tencent error code and message. */
export interface TencentRefusal {
  code: string;
  message: string;
}

const AUTHORIZATION =
  /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

/**
 * Checks a request's TC3-HMAC-SHA256 signature for `service`; undefined when it is valid.
 * `nowSeconds` is the mock's clock.
 */
export function verifyTencentSignature(
  method: string,
  url: string,
  headers: IncomingHttpHeaders,
  body: Buffer,
  service: string,
  nowSeconds: number = Math.floor(Date.now() / 1000),
): TencentRefusal | undefined {
  const authorization = header(headers, 'authorization');
  if (!authorization) {
    return { code: 'AuthFailure.SignatureFailure', message: 'The request is missing a signature.' };
  }
  const match = AUTHORIZATION.exec(authorization);
  if (!match) {
    return {
      code: 'AuthFailure.InvalidAuthorization',
      message: 'Authorization header is not a valid TC3-HMAC-SHA256 authorization.',
    };
  }
  const [, secretId, date, signedService, signedHeaders, signature] = match;
  if (secretId !== MOCK_TENCENT_SECRET_ID) {
    return { code: 'AuthFailure.SecretIdNotFound', message: 'The SecretId is not found.' };
  }
  const timestamp = Number(header(headers, 'x-tc-timestamp'));
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > SIGNATURE_WINDOW_SECONDS) {
    return {
      code: 'AuthFailure.SignatureExpire',
      message: 'Signature expired. Timestamp is out of the five-minute window.',
    };
  }
  const names = signedHeaders!.split(';');
  if (signedService !== service || !names.includes('host') || !names.includes('content-type')) {
    return {
      code: 'AuthFailure.SignatureFailure',
      message: 'The provided credentials could not be validated (service or signed headers).',
    };
  }
  const canonicalHeaders = names
    .map((name) => {
      let value = (header(headers, name) ?? '').trim();
      if (name === 'host') value = value.replace(/:\d+$/, '');
      return `${name}:${value.toLowerCase()}\n`;
    })
    .join('');
  const queryStart = url.indexOf('?');
  const path = queryStart < 0 ? url : url.slice(0, queryStart);
  const query = queryStart < 0 ? '' : url.slice(queryStart + 1);
  const canonicalRequest = [
    method,
    path,
    query,
    canonicalHeaders,
    signedHeaders,
    sha256Hex(body),
  ].join('\n');
  const day = new Date(timestamp * 1000).toISOString().slice(0, 10);
  const scope = `${date}/${service}/tc3_request`;
  const stringToSign = [
    'TC3-HMAC-SHA256',
    String(timestamp),
    scope,
    sha256Hex(canonicalRequest),
  ].join('\n');
  const signing = hmac(hmac(hmac(`TC3${MOCK_TENCENT_SECRET_KEY}`, date!), service), 'tc3_request');
  const expected = createHmac('sha256', signing).update(stringToSign, 'utf8').digest('hex');
  if (day !== date || expected !== signature) {
    return {
      code: 'AuthFailure.SignatureFailure',
      message:
        'The provided credentials could not be validated. Please check your signature is correct.',
    };
  }
  return undefined;
}
