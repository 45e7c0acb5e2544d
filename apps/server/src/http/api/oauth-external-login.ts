/**
 * Sign-in without a browser round trip, through custom providers of the two external kinds
 * (new-api's `/api/auth/external/:provider/…`):
 *
 * - `POST …/jwt/login` (`jwt_direct`): a token the provider signed, in the JSON body (`id_token`,
 *   `jwt` or `token`) or in the provider's `jwt_header` (`Bearer <token>`);
 * - `POST …/header/login` (`trusted_header`): the identity a reverse proxy put in request headers,
 *   believed only when the TCP peer is one of the provider's trusted proxies (403 otherwise).
 *
 * Then the same steps as the browser callback: field mapping, access policy, the bound account
 * (or one merged by email, or a new one), and the session, with the two-factor step; a returning
 * account is first brought up to date as the provider's sync switches ask. These routes only sign
 * in; binding stays with the browser flows.
 */
import { externalJwtLoginSchema } from '@tollgate/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findCustomProviderBySlug } from '../../accounts/oauth/custom-provider-repository.js';
import { verifyExternalJwt } from '../../accounts/oauth/external-jwt.js';
import {
  headerFieldPaths,
  peerIsTrusted,
  trustedHeaderClaims,
} from '../../accounts/oauth/trusted-proxies.js';
import type { CustomOAuthProviderRow } from '../../db/schema.js';
import { AppError, failure } from '../../errors/app-error.js';
import {
  existingGroups,
  mapCustomIdentity,
  signInWithCustomIdentity,
  type MappedIdentity,
} from '../../users/custom-oauth-account-service.js';
import { syncOnLogin } from '../../users/custom-oauth-login-sync.js';
import type { OAuthAccountDeps } from '../../users/oauth-account-service.js';
import type { AppContext } from '../app-context.js';
import { parseInput } from '../parse-body.js';
import { rateLimitHook } from '../rate-limit-hooks.js';
import { beginSignIn } from './session.js';

type ProviderParams = { Params: { provider: string } };

const UNKNOWN = '未知的 OAuth 提供商';
const DISABLED = '管理员未开启通过该方式登录以及注册';
const NO_TOKEN = '请求中缺少 JWT';
export const UNTRUSTED_PEER = '请求不是来自该提供商信任的代理地址';

export async function registerExternalLoginRoutes(api: FastifyInstance, context: AppContext) {
  const critical = rateLimitHook(context.rateLimiter, 'CT', context.config.criticalRateLimit);
  const route = { onRequest: critical };
  const deps: OAuthAccountDeps = {
    database: context.database,
    logDatabase: context.logDatabase,
    options: context.options,
    rateLimiter: context.rateLimiter,
  };

  /** The enabled provider of that slug and kind; refuses as the browser callback does. */
  async function providerOf(slug: string, kind: string): Promise<CustomOAuthProviderRow> {
    const provider = await findCustomProviderBySlug(context.database.db, slug.toLowerCase());
    if (!provider) throw failure(UNKNOWN);
    if (!provider.enabled || provider.kind !== kind) throw failure(DISABLED);
    return provider;
  }

  /** Signs in (or up), then brings a returning account up to date as the provider asks. */
  async function signIn(
    reply: FastifyReply,
    provider: CustomOAuthProviderRow,
    mapped: MappedIdentity,
  ) {
    const user = await signInWithCustomIdentity(deps, provider, mapped, '');
    const synced = await syncOnLogin(deps, provider, user, mapped);
    if (synced !== user) context.events.emit('user-changed', { userId: user.id });
    return beginSignIn(reply, context, synced);
  }

  api.post<ProviderParams>('/auth/external/:provider/jwt/login', route, async (request, reply) => {
    const provider = await providerOf(request.params.provider, 'jwt_direct');
    const body = parseInput(externalJwtLoginSchema, request.body ?? {});
    const token = body.id_token || body.jwt || body.token || headerToken(request, provider);
    if (token === '') throw failure(NO_TOKEN);
    const claims = await verifyExternalJwt(
      provider,
      token,
      context.relay.outbound,
      (error, message) =>
        request.log.warn({ err: error, provider: provider.slug }, `sign-in provider: ${message}`),
    );
    return signIn(reply, provider, mapCustomIdentity(provider, claims, existingGroups(deps)));
  });

  api.post<ProviderParams>(
    '/auth/external/:provider/header/login',
    route,
    async (request, reply) => {
      const provider = await providerOf(request.params.provider, 'trusted_header');
      // The TCP peer, never a forwarded-for header: a client writes those itself.
      if (!peerIsTrusted(provider.trusted_proxy_cidrs, request.socket.remoteAddress)) {
        throw new AppError('untrusted_proxy', UNTRUSTED_PEER, 403);
      }
      const claims = trustedHeaderClaims(provider, request.raw.rawHeaders);
      const fields = headerFieldPaths(provider);
      return signIn(reply, provider, mapCustomIdentity(fields, claims, existingGroups(deps)));
    },
  );
}

/** The token in the provider's header: `Bearer <token>` or the bare token. */
function headerToken(request: FastifyRequest, provider: CustomOAuthProviderRow): string {
  const name = (provider.jwt_header || 'Authorization').toLowerCase();
  const value = request.headers[name];
  if (typeof value !== 'string') return '';
  return value.replace(/^bearer\s+/i, '').trim();
}
