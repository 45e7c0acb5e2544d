import { RelayError } from '../../errors/relay-error.js';

/** An AWS Bedrock channel's key, `AccessKeyId|SecretAccessKey|Region`. */
export interface BedrockCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

/**
 * Splits a Bedrock channel key (reference §3.6 "aws": `AK|SK|REGION`). A malformed key is the
 * channel's fault, not the client's: it fails as an upstream-side 401 so the channel is reported
 * (and auto-disabled like any rejected credential) instead of blaming the caller.
 */
export function parseBedrockKey(key: string): BedrockCredentials {
  const parts = key.split('|').map((part) => part.trim());
  if (parts.length !== 3 || parts.some((part) => part === '')) {
    throw RelayError.upstream(
      401,
      'invalid AWS channel key: expected AccessKeyId|SecretAccessKey|Region',
      'authentication_error',
      'invalid_api_key',
    );
  }
  const [accessKeyId, secretAccessKey, region] = parts as [string, string, string];
  return { accessKeyId, secretAccessKey, region };
}

/** `https://bedrock-runtime.{region}.amazonaws.com`, the runtime endpoint of a region. */
export function bedrockRuntimeUrl(region: string): string {
  return `https://bedrock-runtime.${region}.amazonaws.com`;
}
