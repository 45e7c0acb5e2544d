/**
 * Discord sign-in (new-api 1.0, details unverified): the code becomes an access token at
 * `<discord>/api/oauth2/token` (form body with the client id and secret, `authorization_code`,
 * the redirect `<ServerAddress>/oauth/discord`), the token reads `<discord>/api/users/@me`. The
 * identity is the Discord user id (a snowflake, text), stored in `discord_id`.
 */
import { failure } from '../../errors/app-error.js';
import type { ExternalIdentity } from './identity-providers.js';
import { callProvider, field, textField, type ProviderErrorLog } from './provider-http.js';

export interface DiscordSettings {
  clientId: string;
  clientSecret: string;
  /** `https://discord.com` (tests: a fake on loopback). */
  baseUrl: string;
  /** `<ServerAddress>/oauth/discord`: the address the authorisation request named. */
  redirectUri: string;
}

const UNREACHABLE = '无法连接至 Discord 服务器，请稍后重试！';
const NO_USER = '返回值非法，用户字段为空，请稍后重试！';

export async function discordIdentity(
  settings: DiscordSettings,
  code: string,
  log?: ProviderErrorLog,
): Promise<ExternalIdentity> {
  if (code === '') throw failure('无效的参数');
  const token = await callProvider(
    `${settings.baseUrl}/api/oauth2/token`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        grant_type: 'authorization_code',
        code,
        redirect_uri: settings.redirectUri,
      }).toString(),
    },
    UNREACHABLE,
    log,
  );
  const accessToken = textField(token.body, 'access_token');
  if (accessToken === '') {
    log?.(
      new Error(`Discord token endpoint: ${textField(token.body, 'error') || token.status}`),
      NO_USER,
    );
    throw failure(NO_USER);
  }
  const user = await callProvider(
    `${settings.baseUrl}/api/users/@me`,
    { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
    UNREACHABLE,
    log,
  );
  const id = textField(user.body, 'id');
  if (user.status !== 200 || !/^\d+$/.test(id)) throw failure(NO_USER);
  return {
    id,
    // `global_name` is the display name Discord shows; `username` the unique handle.
    displayName:
      textField(user.body, 'global_name') || textField(user.body, 'username') || undefined,
    email: verifiedEmail(user.body),
  };
}

/** Discord's `email` only when Discord says it is verified. */
function verifiedEmail(body: unknown): string | undefined {
  return field(body, 'verified') === true ? textField(body, 'email') || undefined : undefined;
}
