import {
  OAUTH_BIND_MESSAGE,
  oauthCallbackQuerySchema,
  oauthStateQuerySchema,
  USER_STATUS,
  wechatCodeQuerySchema,
  type OAuthCallbackQuery,
} from '@tollgate/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { githubIdentity } from '../../accounts/oauth/github-identity.js';
import { discordIdentity } from '../../accounts/oauth/discord-identity.js';
import {
  DISCORD,
  GITHUB,
  LINUXDO,
  OIDC,
  TELEGRAM,
  WECHAT,
  type ExternalIdentity,
  type IdentityProvider,
} from '../../accounts/oauth/identity-providers.js';
import { linuxDoIdentity } from '../../accounts/oauth/linuxdo-identity.js';
import {
  issueOAuthState,
  OAUTH_STATE_COOKIE_NAME,
  OAUTH_STATE_COOKIE_PATH,
  OAUTH_STATE_LIFETIME_SECONDS,
  redeemOAuthState,
} from '../../accounts/oauth/oauth-state.js';
import {
  bindIdentity,
  findBoundAccount,
  signInWithIdentity,
} from '../../users/oauth-account-service.js';
import { oidcIdentity } from '../../accounts/oauth/oidc-identity.js';
import type { ProviderErrorLog } from '../../accounts/oauth/provider-http.js';
import { verifyTelegramLogin } from '../../accounts/oauth/telegram-login.js';
import { wechatIdentity } from '../../accounts/oauth/wechat-identity.js';
import type { UserRow } from '../../db/schema.js';
import { AppError, failure } from '../../errors/app-error.js';
import { findUserById, sessionIsCurrent } from '../../users/user-repository.js';
import type { AppContext } from '../app-context.js';
import { readSession } from '../auth.js';
import { ok } from '../envelope.js';
import { parseInput } from '../parse-body.js';
import { rateLimitHook } from '../rate-limit-hooks.js';
import { customOAuthCallback } from './oauth-custom-callback.js';
import { beginSignIn } from './session.js';

const STATE_MISMATCH = 'state is empty or not same';
const NOT_SIGNED_IN = '无权进行此操作，未登录且未提供 access token';

/** Reads the identity a provider vouches for, from the callback's query. */
type IdentityReader = (
  query: OAuthCallbackQuery,
  request: FastifyRequest,
  log: ProviderErrorLog,
) => Promise<ExternalIdentity>;

/**
 * Third-party sign-in and binding (reference §8.5–§8.7): the OAuth state, the GitHub, OIDC and
 * LinuxDO callbacks, WeChat and Telegram. Every route is under the critical rate limit.
 */
export async function registerOAuthRoutes(api: FastifyInstance, context: AppContext) {
  const critical = rateLimitHook(context.rateLimiter, 'CT', context.config.criticalRateLimit);
  const route = { onRequest: critical };
  const { options, config } = context;
  const deps = {
    database: context.database,
    logDatabase: context.logDatabase,
    options,
    rateLimiter: context.rateLimiter,
  };

  /** The account of a current, valid session; undefined for a visitor. */
  async function signedInAccount(request: FastifyRequest): Promise<UserRow | undefined> {
    const session = readSession(request, context);
    if (!session) return undefined;
    const user = await findUserById(context.database.db, session.id);
    return user && sessionIsCurrent(user, session.v) ? user : undefined;
  }

  async function bindingAccount(request: FastifyRequest): Promise<UserRow> {
    const account = await signedInAccount(request);
    if (!account) throw new AppError('unauthorized', NOT_SIGNED_IN, 401);
    if (account.status !== USER_STATUS.enabled) throw failure('用户已被封禁');
    return account;
  }

  function providerLog(request: FastifyRequest, provider: IdentityProvider): ProviderErrorLog {
    return (error, message) =>
      request.log.warn({ err: error, provider: provider.key }, `sign-in provider: ${message}`);
  }

  function ensureEnabled(provider: IdentityProvider): void {
    if (!options.getBoolean(provider.enabledOption)) throw failure(provider.disabledMessage);
  }

  // A user with two-factor sign-in on gets the same code step as after a password.
  function signIn(reply: FastifyReply, user: UserRow) {
    return beginSignIn(reply, context, user);
  }

  /**
   * The state must be the one this browser was given (single use); a refusal the provider sent
   * back ends the callback. Returns the query and what was kept with the state.
   */
  async function checkedCallback(request: FastifyRequest, reply: FastifyReply) {
    const query = parseInput(oauthCallbackQuerySchema, request.query);
    const pending = await redeemOAuthState(request.cookies[OAUTH_STATE_COOKIE_NAME], query.state, {
      secret: config.sessionSecret,
      limiter: context.rateLimiter,
    });
    if (!pending) throw new AppError('oauth_state_mismatch', STATE_MISMATCH, 403);
    // Used up: the browser can forget it.
    reply.clearCookie(OAUTH_STATE_COOKIE_NAME, { path: OAUTH_STATE_COOKIE_PATH });
    // The provider sent the user back with a refusal (denied consent, ...). Checked after the
    // state (new-api checks it first), so a crafted link cannot put its text on the console.
    if (query.error) throw failure(query.error_description || query.error);
    return { query, pending };
  }

  /**
   * A provider's callback: after the state check, a signed-in user binds the identity, a visitor
   * signs in (or signs up).
   */
  async function oauthCallback(
    provider: IdentityProvider,
    readIdentity: IdentityReader,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const { query, pending } = await checkedCallback(request, reply);
    const current = await signedInAccount(request);
    ensureEnabled(provider);
    if (current && current.status !== USER_STATUS.enabled) throw failure('用户已被封禁');
    const identity = await readIdentity(query, request, providerLog(request, provider));
    if (current) {
      await bindIdentity(deps, provider, current.id, identity.id);
      return ok(undefined, OAUTH_BIND_MESSAGE);
    }
    return signIn(reply, await signInWithIdentity(deps, provider, identity, pending.aff));
  }

  const readGitHub: IdentityReader = (query, _request, log) =>
    githubIdentity(
      {
        clientId: options.get('GitHubClientId'),
        clientSecret: options.get('GitHubClientSecret'),
        oauthBaseUrl: config.oauthProviderUrls.githubOAuth,
        apiBaseUrl: config.oauthProviderUrls.githubApi,
      },
      query.code,
      log,
    );

  const readLinuxDo: IdentityReader = (query, request, log) =>
    linuxDoIdentity(
      {
        clientId: options.get('LinuxDOClientId'),
        clientSecret: options.get('LinuxDOClientSecret'),
        baseUrl: config.oauthProviderUrls.linuxDo,
        redirectUri: `${request.protocol}://${request.host}/api/oauth/linuxdo`,
      },
      query.code,
      log,
    );

  const serverAddress = (request: FastifyRequest) =>
    options.get('ServerAddress').replace(/\/+$/, '') || `${request.protocol}://${request.host}`;

  const readDiscord: IdentityReader = (query, request, log) =>
    discordIdentity(
      {
        clientId: options.get('discord.client_id'),
        clientSecret: options.get('discord.client_secret'),
        baseUrl: config.oauthProviderUrls.discord,
        redirectUri: `${serverAddress(request)}/oauth/discord`,
      },
      query.code,
      log,
    );

  const readOidc: IdentityReader = (query, request, log) => {
    return oidcIdentity(
      {
        clientId: options.get('oidc.client_id'),
        clientSecret: options.get('oidc.client_secret'),
        wellKnown: options.get('oidc.well_known'),
        authorizationEndpoint: options.get('oidc.authorization_endpoint'),
        tokenEndpoint: options.get('oidc.token_endpoint'),
        userInfoEndpoint: options.get('oidc.user_info_endpoint'),
        redirectUri: `${serverAddress(request)}/oauth/oidc`,
      },
      { code: query.code, state: query.state, iss: query.iss },
      context.relay.outbound,
      log,
    );
  };

  const readWeChat = (code: string, request: FastifyRequest) =>
    wechatIdentity(
      {
        serverAddress: options.get('WeChatServerAddress'),
        serverToken: options.get('WeChatServerToken'),
      },
      code,
      context.relay.outbound,
      providerLog(request, WECHAT),
    );

  /** The Telegram id of an authentic, fresh widget answer in the query; refuses anything else. */
  function telegramId(request: FastifyRequest): string {
    const id = verifyTelegramLogin(
      (request.query ?? {}) as Record<string, unknown>,
      options.get('TelegramBotToken'),
    );
    if (id === undefined) throw failure('无效的请求');
    return id;
  }

  api.get('/oauth/state', route, async (request, reply) => {
    const { aff } = parseInput(oauthStateQuerySchema, request.query);
    const { state, cookie } = issueOAuthState(aff, config.sessionSecret);
    reply.setCookie(OAUTH_STATE_COOKIE_NAME, cookie, {
      path: OAUTH_STATE_COOKIE_PATH,
      maxAge: OAUTH_STATE_LIFETIME_SECONDS,
      httpOnly: true,
      // Lax, so a provider that sends the browser straight to /api/oauth/... still matches.
      sameSite: 'lax',
      secure: false,
    });
    return ok(state);
  });

  api.get('/oauth/github', route, (request, reply) =>
    oauthCallback(GITHUB, readGitHub, request, reply),
  );
  api.get('/oauth/oidc', route, (request, reply) => oauthCallback(OIDC, readOidc, request, reply));
  api.get('/oauth/linuxdo', route, (request, reply) =>
    oauthCallback(LINUXDO, readLinuxDo, request, reply),
  );

  // The unified route: Discord and every custom provider by slug (the fixed routes above and
  // below are matched first, so GitHub, OIDC and LinuxDO keep their own).
  const customCallback = customOAuthCallback(context, deps, {
    checkedCallback,
    signedInAccount,
    signIn,
    serverAddress,
  });
  api.get<{ Params: { provider: string } }>('/oauth/:provider', route, (request, reply) => {
    const name = request.params.provider;
    if (name === 'discord') return oauthCallback(DISCORD, readDiscord, request, reply);
    return customCallback(name, request, reply);
  });

  api.get('/oauth/wechat', route, async (request, reply) => {
    ensureEnabled(WECHAT);
    const { code } = parseInput(wechatCodeQuerySchema, request.query);
    const identity = await readWeChat(code, request);
    return signIn(reply, await signInWithIdentity(deps, WECHAT, identity));
  });

  api.get('/oauth/wechat/bind', route, async (request) => {
    const account = await bindingAccount(request);
    ensureEnabled(WECHAT);
    const { code } = parseInput(wechatCodeQuerySchema, request.query);
    const identity = await readWeChat(code, request);
    await bindIdentity(deps, WECHAT, account.id, identity.id);
    return ok();
  });

  // Telegram signs in accounts bound before; it never creates one.
  api.get('/oauth/telegram/login', route, async (request, reply) => {
    ensureEnabled(TELEGRAM);
    const account = await findBoundAccount(deps, TELEGRAM, telegramId(request));
    if (!account) throw failure('该 Telegram 账户未绑定');
    return signIn(reply, account);
  });

  // The widget's `data-auth-url` navigates here: success goes back to /setting, as in new-api.
  // The console calling it itself (it sends New-Api-User) gets the envelope instead.
  api.get('/oauth/telegram/bind', route, async (request, reply) => {
    const account = await bindingAccount(request);
    ensureEnabled(TELEGRAM);
    await bindIdentity(deps, TELEGRAM, account.id, telegramId(request));
    if (request.headers['new-api-user'] !== undefined) return ok();
    return reply.redirect('/setting', 302);
  });
}
