/**
 * GitHub sign-in (reference §8.5): the code becomes an access token at
 * `<github>/login/oauth/access_token`, the token reads `<api.github.com>/user`. The identity is
 * the `login` name, as new-api stores it in `github_id`.
 */
import { failure } from '../../errors/app-error.js';
import type { ExternalIdentity } from './identity-providers.js';
import { callProvider, textField, type ProviderErrorLog } from './provider-http.js';

export interface GitHubSettings {
  clientId: string;
  clientSecret: string;
  /** `https://github.com` (tests: a fake on loopback). */
  oauthBaseUrl: string;
  /** `https://api.github.com` (tests: a fake on loopback). */
  apiBaseUrl: string;
}

const UNREACHABLE = '无法连接至 GitHub 服务器，请稍后重试！';
const NO_USER = '返回值非法，用户字段为空，请稍后重试！';

export async function githubIdentity(
  settings: GitHubSettings,
  code: string,
  log?: ProviderErrorLog,
): Promise<ExternalIdentity> {
  if (code === '') throw failure('无效的参数');
  const token = await callProvider(
    `${settings.oauthBaseUrl}/login/oauth/access_token`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        code,
      }),
    },
    UNREACHABLE,
    log,
  );
  const accessToken = textField(token.body, 'access_token');
  if (accessToken === '') {
    // GitHub answers a bad or used code with 200 and `error`; new-api ends up with this message.
    log?.(
      new Error(`GitHub token endpoint: ${textField(token.body, 'error') || token.status}`),
      NO_USER,
    );
    throw failure(NO_USER);
  }
  const user = await callProvider(
    `${settings.apiBaseUrl}/user`,
    {
      headers: {
        authorization: `Bearer ${accessToken}`,
        accept: 'application/vnd.github+json',
        // GitHub's API refuses requests without a User-Agent.
        'user-agent': 'Tollgate',
      },
    },
    UNREACHABLE,
    log,
  );
  const login = textField(user.body, 'login');
  if (user.status !== 200 || login === '') throw failure(NO_USER);
  return {
    id: login,
    displayName: textField(user.body, 'name') || undefined,
    email: textField(user.body, 'email') || undefined,
  };
}
