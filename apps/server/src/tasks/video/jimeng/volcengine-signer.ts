import { Hash } from '@smithy/hash-node';
import { getCanonicalHeaders, prepareRequest, SignatureV4Base } from '@smithy/signature-v4';
import { RelayError } from '../../../errors/relay-error.js';

/** SHA-256 (and, with a key, HMAC-SHA256) through Node's crypto, in the shape the signer takes. */
const Sha256 = Hash.bind(null, 'sha256');

/** Where Jimeng's visual API signs (reference §10.5). */
export const VOLCENGINE_REGION = 'cn-north-1';
export const VOLCENGINE_SERVICE = 'cv';
const ALGORITHM = 'HMAC-SHA256';
/** The scope's last part (AWS's is `aws4_request`). */
const SCOPE_TERMINATOR = 'request';

async function hmac(key: string | Uint8Array, data: string): Promise<Uint8Array> {
  const hash = new Sha256(key);
  hash.update(data);
  return hash.digest();
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/**
 * Volcengine's request signature (its "HMAC-SHA256" V4): AWS Signature Version 4 with its own
 * names — the `X-Date` and `X-Content-Sha256` headers, the algorithm `HMAC-SHA256`, the scope
 * `{date}/{region}/{service}/request`, and the secret key itself (no `AWS4` prefix) as the first
 * key of the derivation. The canonical request, the canonical headers and query and the string to
 * sign are the maintained @smithy signer's, so only those names differ from a SigV4 signature.
 */
export class VolcengineSigner extends SignatureV4Base {
  constructor(
    private readonly accessKeyId: string,
    private readonly secretAccessKey: string,
    service = VOLCENGINE_SERVICE,
  ) {
    super({
      credentials: { accessKeyId, secretAccessKey },
      region: VOLCENGINE_REGION,
      service,
      sha256: Sha256,
    });
  }

  /**
   * The headers that sign a request to `url` (`X-Date`, `X-Content-Sha256`, `Authorization`,
   * with the given ones), to send with it; the host signed is the URL's.
   */
  async sign(
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string>,
    body: string,
    signingDate = new Date(),
  ): Promise<Record<string, string>> {
    const target = new URL(url);
    const request = prepareRequest({
      method,
      protocol: target.protocol,
      hostname: target.hostname,
      port: target.port ? Number(target.port) : undefined,
      path: target.pathname,
      query: Object.fromEntries(target.searchParams),
      headers: { ...headers, host: target.host },
      body,
    });
    const { longDate, shortDate } = this.formatDate(signingDate);
    const scope = `${shortDate}/${VOLCENGINE_REGION}/${this.service}/${SCOPE_TERMINATOR}`;
    const payload = new Sha256();
    payload.update(body);
    const payloadHash = hex(await payload.digest());
    request.headers['x-date'] = longDate;
    request.headers['x-content-sha256'] = payloadHash;
    const canonicalHeaders = getCanonicalHeaders(request);
    const stringToSign = await this.createStringToSign(
      longDate,
      scope,
      this.createCanonicalRequest(request, canonicalHeaders, payloadHash),
      ALGORITHM,
    );
    let key: string | Uint8Array = this.secretAccessKey;
    for (const part of [shortDate, VOLCENGINE_REGION, this.service, SCOPE_TERMINATOR]) {
      key = await hmac(key, part);
    }
    const signature = hex(await hmac(key, stringToSign));
    const sent: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (name !== 'host') sent[name] = value;
    }
    sent.authorization =
      `${ALGORITHM} Credential=${this.accessKeyId}/${scope}, ` +
      `SignedHeaders=${this.getCanonicalHeaderList(canonicalHeaders)}, Signature=${signature}`;
    return sent;
  }
}

/** A signer for a channel key `AccessKeyID|SecretAccessKey`. */
export function volcengineSignerFor(key: string): VolcengineSigner {
  const parts = key.split('|').map((part) => part.trim());
  if (parts.length !== 2 || !parts[0] || !parts[1]) {
    throw RelayError.badRequest(
      'invalid api key format for jimeng: expected AccessKeyID|SecretAccessKey',
      'invalid_channel_key',
    );
  }
  return new VolcengineSigner(parts[0], parts[1]);
}
