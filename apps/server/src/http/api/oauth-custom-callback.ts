/**
 * `GET /api/oauth/<slug>`: the callback of a custom OAuth provider. Same steps as the built-in
 * providers (state, then bind for a signed-in user, else sign in or sign up, with the two-factor
 * step after it), with the provider read from `custom_oauth_providers`.
 */
import { OAUTH_BIND_MESSAGE, USER_STATUS, type OAuthCallbackQuery } from '@tollgate/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { findCustomProviderBySlug } from '../../accounts/oauth/custom-provider-repository.js';
import { customProviderUserInfo } from '../../accounts/oauth/custom-provider-identity.js';
import type { PendingOAuth } from '../../accounts/oauth/oauth-state.js';
import type { UserRow } from '../../db/schema.js';
import { failure } from '../../errors/app-error.js';
import {
  bindCustomIdentity,
  existingGroups,
  mapCustomIdentity,
  signInWithCustomIdentity,
} from '../../users/custom-oauth-account-service.js';
import type { OAuthAccountDeps } from '../../users/oauth-account-service.js';
import type { AppContext } from '../app-context.js';
import { ok } from '../envelope.js';

/** What the OAuth routes share with this callback. */
export interface OAuthCallbackSteps {
  checkedCallback(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ query: OAuthCallbackQuery; pending: PendingOAuth }>;
  signedInAccount(request: FastifyRequest): Promise<UserRow | undefined>;
  signIn(reply: FastifyReply, user: UserRow): unknown;
  serverAddress(request: FastifyRequest): string;
}

const UNKNOWN = '未知的 OAuth 提供商';
const DISABLED = '管理员未开启通过该方式登录以及注册';

export function customOAuthCallback(
  context: AppContext,
  deps: OAuthAccountDeps,
  steps: OAuthCallbackSteps,
) {
  return async (slug: string, request: FastifyRequest, reply: FastifyReply) => {
    const provider = await findCustomProviderBySlug(context.database.db, slug.toLowerCase());
    if (!provider) throw failure(UNKNOWN);
    const { query, pending } = await steps.checkedCallback(request, reply);
    // Only the browser code flow signs in here.
    if (!provider.enabled || provider.kind !== 'oauth_code') throw failure(DISABLED);
    const current = await steps.signedInAccount(request);
    if (current && current.status !== USER_STATUS.enabled) throw failure('用户已被封禁');
    const info = await customProviderUserInfo(
      provider,
      { code: query.code, state: query.state, iss: query.iss },
      `${steps.serverAddress(request)}/oauth/${provider.slug}`,
      context.relay.outbound,
      (error, message) =>
        request.log.warn({ err: error, provider: provider.slug }, `sign-in provider: ${message}`),
    );
    const mapped = mapCustomIdentity(provider, info.claims, existingGroups(deps));
    if (current) {
      await bindCustomIdentity(deps, provider, current.id, mapped);
      return ok(undefined, OAUTH_BIND_MESSAGE);
    }
    return steps.signIn(reply, await signInWithCustomIdentity(deps, provider, mapped, pending.aff));
  };
}
