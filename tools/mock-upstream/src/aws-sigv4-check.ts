import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Hash } from '@smithy/hash-node';
import { SignatureV4 } from '@smithy/signature-v4';

/** SHA-256 through Node's crypto, in the shape the signer takes. */
const Sha256 = Hash.bind(null, 'sha256');

/** The access key the mock knows, and its secret: a request signed with another secret gets 403. */
export const MOCK_AWS_ACCESS_KEY_ID = 'AKIAMOCKBEDROCK00001';
export const MOCK_AWS_SECRET_ACCESS_KEY = 'mock+bedrock/secret/0123456789abcdefghij';

/** Why the mock refused a request's signature: AWS's exception name and message, status 403. */
export interface SigV4Refusal {
  exception: string;
  message: string;
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/;

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** `20261125T101500Z` → a Date (undefined when malformed). */
function parseAmzDate(text: string | undefined): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text ?? '');
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second] = match.map(Number);
  return new Date(Date.UTC(year!, month! - 1, day, hour, minute, second));
}

/**
 * Verifies an AWS Signature Version 4 the way AWS does: the signature is recomputed from the
 * request as received (method, raw path, query, the signed headers, the body bytes) with the
 * secret of the access key in its credential scope, by the same maintained signer the SDKs use,
 * and must match. Returns the refusal, or undefined for a good signature.
 */
export async function verifySigV4(
  request: IncomingMessage,
  rawBody: Buffer,
): Promise<SigV4Refusal | undefined> {
  const authorization = single(request.headers.authorization);
  if (!authorization) {
    return {
      exception: 'MissingAuthenticationTokenException',
      message: 'Missing Authentication Token',
    };
  }
  const match = AUTHORIZATION.exec(authorization);
  const signingDate = parseAmzDate(single(request.headers['x-amz-date']));
  if (!match || !signingDate) {
    return {
      exception: 'IncompleteSignatureException',
      message:
        'Authorization header requires Credential, SignedHeaders and Signature, and X-Amz-Date.',
    };
  }
  const [, accessKeyId, , region, service, signedHeaders, signature] = match;
  if (accessKeyId !== MOCK_AWS_ACCESS_KEY_ID) {
    return {
      exception: 'UnrecognizedClientException',
      message: 'The security token included in the request is invalid.',
    };
  }
  const headers: Record<string, string> = {};
  for (const name of signedHeaders!.split(';')) {
    const value = single(request.headers[name]);
    if (value !== undefined) headers[name] = value;
  }
  // The signer trusts a payload hash header: put in the hash of the body actually received, so a
  // body changed after signing fails the signature as it does at AWS.
  if ('x-amz-content-sha256' in headers) {
    headers['x-amz-content-sha256'] = createHash('sha256').update(rawBody).digest('hex');
  }
  const url = new URL(request.url ?? '/', 'http://mock');
  const rawPath = (request.url ?? '/').split('?')[0]!;
  const signer = new SignatureV4({
    credentials: { accessKeyId: accessKeyId!, secretAccessKey: MOCK_AWS_SECRET_ACCESS_KEY },
    region: region!,
    service: service!,
    sha256: Sha256,
  });
  const expected = await signer.sign(
    {
      method: request.method ?? 'POST',
      protocol: 'https:',
      hostname: headers.host ?? '',
      path: rawPath,
      query: Object.fromEntries(url.searchParams),
      headers,
      body: rawBody,
    },
    { signingDate },
  );
  const expectedSignature = /Signature=([0-9a-f]{64})/.exec(
    expected.headers.authorization ?? '',
  )?.[1];
  if (expectedSignature !== signature) {
    return {
      exception: 'InvalidSignatureException',
      message:
        'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
    };
  }
  return undefined;
}
