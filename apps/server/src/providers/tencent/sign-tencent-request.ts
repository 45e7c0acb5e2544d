// Tencent's own TC3-HMAC-SHA256 signer, from its official SDK (only this module and its two small
// dependencies are loaded, not the SDK's HTTP client).
import signModule from 'tencentcloud-sdk-nodejs-common/tencentcloud/common/sign.js';
import type { TencentCredential } from './tencent-credentials.js';

type SignClass = typeof signModule.default;
// Node imports the CommonJS module as its exports object (`{default: Sign}`); Vite (the tests)
// honours its `__esModule` flag and gives the class itself.
const Sign: SignClass =
  typeof signModule === 'function' ? (signModule as unknown as SignClass) : signModule.default;

/** The signing service of the Hunyuan API. */
export const HUNYUAN_SERVICE = 'hunyuan';

/**
 * The `Authorization` header of a Tencent Cloud API v3 call: `TC3-HMAC-SHA256
 * Credential=<SecretId>/<date>/hunyuan/tc3_request, SignedHeaders=content-type;host,
 * Signature=<hex>`, over the method, path, query, the content-type and host headers and the
 * SHA-256 of the exact body bytes, dated by `timestamp` (seconds, sent as `X-TC-Timestamp`).
 * The host is the URL's host name (without a port), as the SDK signs it.
 */
export function signTencentRequest(
  credential: TencentCredential,
  url: string,
  contentType: string,
  body: Buffer,
  timestamp: number,
): string {
  return Sign.sign3({
    method: 'POST',
    url,
    // A Buffer is hashed as is (anything else the SDK would re-serialise as JSON first).
    payload: body,
    timestamp,
    service: HUNYUAN_SERVICE,
    secretId: credential.secretId,
    secretKey: credential.secretKey,
    multipart: false,
    boundary: '',
    headers: { 'Content-Type': contentType },
  });
}
