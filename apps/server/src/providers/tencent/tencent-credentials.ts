import { RelayError } from '../../errors/relay-error.js';

/** A Tencent Cloud channel key: `AppId|SecretId|SecretKey` (the AppId is not sent). */
export interface TencentCredential {
  appId: string;
  secretId: string;
  secretKey: string;
}

/**
 * Reads a channel key `AppId|SecretId|SecretKey`. Another shape fails as a rejected credential
 * (401, so the channel can be disabled), never as a crash.
 */
export function parseTencentKey(key: string): TencentCredential {
  const parts = key.split('|').map((part) => part.trim());
  if (parts.length !== 3 || !parts[1] || !parts[2]) {
    throw RelayError.upstream(
      401,
      'the Tencent channel key must be "AppId|SecretId|SecretKey"',
      'authentication_error',
      'invalid_tencent_key',
    );
  }
  return { appId: parts[0]!, secretId: parts[1]!, secretKey: parts[2]! };
}
