import { z } from 'zod';
import { RelayError } from '../errors/relay-error.js';
import type { AccessToken } from './access-token-cache.js';
import { parseJsonObject } from './json-guards.js';

/** An OAuth 2.0 token endpoint's success answer (RFC 6749 §5.1). */
const tokenAnswerSchema = z.looseObject({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
});

/** Its refusal (§5.2): `invalid_client` for an unknown key or a wrong secret, and so on. */
const tokenRefusalSchema = z.looseObject({
  error: z.string().optional(),
  error_description: z.string().optional(),
});

/** How a provider's token endpoint answers. */
export interface TokenEndpoint {
  /** Names the provider in error messages (`Baidu`, `Vertex AI`). */
  label: string;
  /** The endpoint may refuse with HTTP 200 and an `error` field (Baidu's does). */
  refusesWithOk?: boolean;
}

/**
 * Reads a token endpoint's answer into an access token. A refusal throws an upstream error: a
 * 400 or 401 (or a refusal answered with 200) means the credential itself is refused, so it is
 * answered as 401 `authentication_error` (the channel can be disabled); other statuses pass on.
 * A success without a token is a 500 `bad_token_answer`.
 */
export function readTokenEndpointAnswer(
  endpoint: TokenEndpoint,
  status: number,
  text: string,
): AccessToken {
  const json = parseJsonObject(text);
  const ok = status >= 200 && status < 300;
  const refusal = tokenRefusalSchema.safeParse(json);
  const refusedWithOk = endpoint.refusesWithOk === true && refusal.success && !!refusal.data.error;
  if (!ok || refusedWithOk) {
    const reason = refusal.success
      ? (refusal.data.error_description ?? refusal.data.error)
      : undefined;
    const keyRefused = status === 400 || status === 401 || ok;
    throw RelayError.upstream(
      keyRefused ? 401 : status,
      `${endpoint.label} token request refused: ${reason ?? `status ${status}`}`,
      keyRefused ? 'authentication_error' : 'upstream_error',
      refusal.success ? (refusal.data.error ?? '') : '',
    );
  }
  const answer = tokenAnswerSchema.safeParse(json);
  if (!answer.success) {
    throw RelayError.upstream(
      500,
      `${endpoint.label} token endpoint answered without a token`,
      'upstream_error',
      'bad_token_answer',
    );
  }
  return { token: answer.data.access_token, expiresAt: Date.now() + answer.data.expires_in * 1000 };
}
