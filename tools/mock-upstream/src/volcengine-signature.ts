import { Hash } from '@smithy/hash-node';
import { getCanonicalHeaders, SignatureV4Base } from '@smithy/signature-v4';
import type { IncomingMessage } from 'node:http';

/**
 * Volcengine's request signature as its gateway checks it: recomputed from the request as
 * received (method, path, query, the signed headers, the hash of the body bytes) with the secret
 * of the access key in the credential, and compared. Volcengine's V4 is AWS's Signature V4 with its
 * own names (`X-Date`, `X-Content-Sha256`, algorithm `HMAC-SHA256`, scope ending in `request`, the
 * secret itself as the first key); the canonical request and string to sign come from the
 * maintained @smithy signer.
 */

/** The access key the mock knows, and its secret: a request signed with another secret gets 401. */
export const MOCK_VOLCENGINE_ACCESS_KEY_ID = 'AKLTmockjimeng000000000001';
export const MOCK_VOLCENGINE_SECRET_ACCESS_KEY = 'mock/jimeng/SecretAccessKey+0123456789==';

const Sha256 = Hash.bind(null, 'sha256');
const ALGORITHM = 'HMAC-SHA256';
const AUTHORIZATION =
  /^HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/;

/** Why the gateway refused a signature: its error code and message (HTTP 401). */
export interface VolcengineRefusal {
  code: string;
  message: string;
}

class Resigner extends SignatureV4Base {
  constructor(region: string, service: string) {
    super({
      credentials: { accessKeyId: '', secretAccessKey: '' },
      region,
      service,
      sha256: Sha256,
    });
  }

  canonical(
    request: Parameters<SignatureV4Base['createCanonicalRequest']>[0],
    payloadHash: string,
  ) {
    const headers = getCanonicalHeaders(request);
    return this.createCanonicalRequest(request, headers, payloadHash);
  }

  stringToSign(longDate: string, scope: string, canonicalRequest: string): Promise<string> {
    return this.createStringToSign(longDate, scope, canonicalRequest, ALGORITHM);
  }
}

async function hmac(key: string | Uint8Array, data: string): Promise<Uint8Array> {
  const hash = new Sha256(key);
  hash.update(data);
  return hash.digest();
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Checks a request's Volcengine signature; undefined when it is good. */
export async function verifyVolcengineSignature(
  request: IncomingMessage,
  rawBody: Buffer,
): Promise<VolcengineRefusal | undefined> {
  const authorization = single(request.headers.authorization);
  const longDate = single(request.headers['x-date']);
  const match = AUTHORIZATION.exec(authorization ?? '');
  if (!match || !longDate || !/^\d{8}T\d{6}Z$/.test(longDate)) {
    return { code: 'MissingAuthenticationToken', message: 'The request is not signed.' };
  }
  const [, accessKeyId, shortDate, region, service, signedHeaders, signature] = match;
  if (accessKeyId !== MOCK_VOLCENGINE_ACCESS_KEY_ID) {
    return { code: 'InvalidAccessKey', message: 'The AccessKey is invalid.' };
  }
  if (shortDate !== longDate.slice(0, 8)) {
    return { code: 'InvalidTimestamp', message: 'X-Date does not match the credential scope.' };
  }
  const headers: Record<string, string> = {};
  for (const name of signedHeaders!.split(';')) {
    const value = single(request.headers[name]);
    if (value !== undefined) headers[name] = value;
  }
  // The hash of the body actually received: a body changed after signing fails the signature.
  const payload = new Sha256();
  payload.update(rawBody);
  const payloadHash = Buffer.from(await payload.digest()).toString('hex');
  if ('x-content-sha256' in headers) headers['x-content-sha256'] = payloadHash;
  const url = new URL(request.url ?? '/', 'http://mock');
  const resigner = new Resigner(region!, service!);
  const canonicalRequest = resigner.canonical(
    {
      method: request.method ?? 'POST',
      protocol: 'https:',
      hostname: headers.host ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
    },
    payloadHash,
  );
  const scope = `${shortDate}/${region}/${service}/request`;
  const stringToSign = await resigner.stringToSign(longDate, scope, canonicalRequest);
  let key: string | Uint8Array = MOCK_VOLCENGINE_SECRET_ACCESS_KEY;
  for (const part of [shortDate!, region!, service!, 'request']) key = await hmac(key, part);
  const expected = Buffer.from(await hmac(key, stringToSign)).toString('hex');
  if (expected !== signature) {
    return {
      code: 'SignatureDoesNotMatch',
      message:
        'The request signature we calculated does not match the signature you provided. Check your Secret Access Key and signing method.',
    };
  }
  return undefined;
}
