import { Hash } from '@smithy/hash-node';
import { SignatureV4 } from '@smithy/signature-v4';
import type { UpstreamRequest } from '../provider-adaptor.js';
import type { BedrockCredentials } from './bedrock-credentials.js';

/** SHA-256 through Node's crypto, in the shape the signer takes. */
const Sha256 = Hash.bind(null, 'sha256');

/** The SigV4 service name of the Bedrock runtime. */
export const BEDROCK_SIGNING_SERVICE = 'bedrock';

/**
 * Signs a Bedrock runtime call with AWS Signature Version 4 (the maintained @smithy signer, the
 * one the AWS SDK uses). The host, content type, accept and `x-amz-*` headers are signed; the
 * `host` header is not sent separately, since the HTTP client derives the same value from the URL.
 */
export async function signBedrockRequest(
  url: string,
  body: string,
  headers: Record<string, string>,
  credentials: BedrockCredentials,
  signingDate: Date = new Date(),
): Promise<UpstreamRequest> {
  const target = new URL(url);
  const signed = await signerFor(credentials).sign(
    {
      method: 'POST',
      protocol: target.protocol,
      hostname: target.hostname,
      port: target.port ? Number(target.port) : undefined,
      path: target.pathname,
      query: Object.fromEntries(target.searchParams),
      headers: { ...headers, host: target.host },
      body,
    },
    { signingDate },
  );
  const sent: Record<string, string> = {};
  for (const [name, value] of Object.entries(signed.headers)) {
    if (name.toLowerCase() !== 'host') sent[name] = value;
  }
  return { url, method: 'POST', headers: sent, body };
}

/** Signers by credential: each caches its day's derived signing key. */
const signers = new Map<string, SignatureV4>();
const MAX_SIGNERS = 256;

function signerFor(credentials: BedrockCredentials): SignatureV4 {
  const id = `${credentials.accessKeyId}|${credentials.secretAccessKey}|${credentials.region}`;
  let signer = signers.get(id);
  if (!signer) {
    if (signers.size >= MAX_SIGNERS) signers.delete(signers.keys().next().value!);
    signer = new SignatureV4({
      credentials: {
        accessKeyId: credentials.accessKeyId,
        secretAccessKey: credentials.secretAccessKey,
      },
      region: credentials.region,
      service: BEDROCK_SIGNING_SERVICE,
      sha256: Sha256,
    });
    signers.set(id, signer);
  }
  return signer;
}
