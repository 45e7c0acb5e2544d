import { decodeJwt, importSPKI, jwtVerify } from 'jose';
import { sendJson, type RouteContext } from './route-context.js';

/** The OAuth grant a service account's signed JWT is exchanged with. */
const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
/** How long an issued access token lives, like Google's (seconds). */
export const ACCESS_TOKEN_LIFETIME = 3599;
/** The mock's token endpoint path (a service account's `token_uri` in tests). */
export const TOKEN_PATH = '/oauth2/token';

/**
 * The mock's stand-in for Google's OAuth token endpoint: it trusts the public keys tests register
 * for their service accounts, verifies each JWT assertion's RS256 signature, issuer, audience
 * (the token URL) and scope, and issues access tokens that Vertex routes then require.
 */
export class VertexAuthority {
  private readonly publicKeys = new Map<string, string>();
  private readonly tokens = new Map<string, number>();
  private issued = 0;

  /** Trusts the service account `clientEmail`, whose key's public half is `spkiPem`. */
  trust(clientEmail: string, spkiPem: string): void {
    this.publicKeys.set(clientEmail, spkiPem);
  }

  /** Whether `token` was issued here and has not expired. */
  accepts(token: string): boolean {
    const expiresAt = this.tokens.get(token);
    return expiresAt !== undefined && expiresAt > Date.now();
  }

  /** Forgets issued tokens (trusted accounts stay). */
  reset(): void {
    this.tokens.clear();
    this.issued = 0;
  }

  /** Verifies a JWT assertion; an access token, or why it is refused. */
  async exchange(
    assertion: string,
    audience: string,
  ): Promise<{ token: string } | { error: string }> {
    let issuer: string | undefined;
    try {
      issuer = decodeJwt(assertion).iss;
    } catch {
      return { error: 'Invalid JWT.' };
    }
    const pem = issuer === undefined ? undefined : this.publicKeys.get(issuer);
    if (pem === undefined || issuer === undefined) return { error: 'Invalid JWT: unknown issuer.' };
    try {
      const key = await importSPKI(pem, 'RS256');
      const { payload } = await jwtVerify(assertion, key, {
        algorithms: ['RS256'],
        issuer,
        audience,
        requiredClaims: ['exp', 'iat'],
      });
      const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
      if (!scopes.includes(CLOUD_PLATFORM_SCOPE)) return { error: 'Invalid JWT: scope missing.' };
    } catch (error) {
      return { error: `Invalid JWT Signature. (${(error as Error).message})` };
    }
    this.issued += 1;
    const token = `ya29.mock-${this.issued}`;
    this.tokens.set(token, Date.now() + ACCESS_TOKEN_LIFETIME * 1000);
    return { token };
  }
}

/** `POST /oauth2/token`: the JWT-bearer grant of a form body. */
export function handleTokenGrant(context: RouteContext): void {
  const form = new URLSearchParams(context.bodyText);
  if (form.get('grant_type') !== JWT_BEARER_GRANT) {
    sendJson(context, 400, {
      error: 'unsupported_grant_type',
      error_description: 'Invalid grant_type.',
    });
    return;
  }
  const audience = `${context.baseUrl}${TOKEN_PATH}`;
  context.vertex.exchange(form.get('assertion') ?? '', audience).then(
    (result) => {
      if ('error' in result) {
        sendJson(context, 400, { error: 'invalid_grant', error_description: result.error });
      } else {
        sendJson(context, 200, {
          access_token: result.token,
          expires_in: ACCESS_TOKEN_LIFETIME,
          token_type: 'Bearer',
        });
      }
    },
    () => context.response.destroy(),
  );
}
