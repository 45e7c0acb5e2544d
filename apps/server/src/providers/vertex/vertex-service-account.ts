import { parseJsonObject } from '../json-guards.js';
import { z } from 'zod';
import { RelayError } from '../../errors/relay-error.js';

/** Google's OAuth token endpoint, used when a key names none. */
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

const serviceAccountSchema = z.looseObject({
  type: z.string().optional(),
  project_id: z.string().min(1),
  private_key_id: z.string().optional(),
  private_key: z.string().min(1),
  client_email: z.string().min(1),
  token_uri: z.string().url().optional(),
});

/** The fields of a service-account JSON key a Vertex AI call uses. */
export interface VertexServiceAccount {
  projectId: string;
  privateKeyId: string | undefined;
  privateKey: string;
  clientEmail: string;
  /** Where the signed JWT is exchanged for an access token (the key's `token_uri`). */
  tokenUri: string;
}

/**
 * Reads a channel key holding a service-account JSON key. A key that is not one fails as a
 * rejected credential (401, so the channel can be disabled), never as a crash.
 */
export function parseServiceAccount(key: string): VertexServiceAccount {
  const json = parseJsonObject(key);
  const parsed = serviceAccountSchema.safeParse(json);
  if (!parsed.success) {
    throw RelayError.upstream(
      401,
      'the Vertex AI channel key is not a service-account JSON key (project_id, private_key, client_email)',
      'authentication_error',
      'invalid_vertex_key',
    );
  }
  const account = parsed.data;
  return {
    projectId: account.project_id,
    privateKeyId: account.private_key_id,
    privateKey: account.private_key,
    clientEmail: account.client_email,
    tokenUri: account.token_uri ?? GOOGLE_TOKEN_URL,
  };
}
