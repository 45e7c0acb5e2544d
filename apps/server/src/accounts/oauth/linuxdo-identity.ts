/**
 * LinuxDO sign-in (reference §8.5): the code becomes an access token at `<connect>/oauth2/token`
 * (client id and secret in HTTP Basic), the token reads `<connect>/api/user`. The identity is the
 * numeric user id, stored as text in `linux_do_id`. Trust level, active and silenced are not
 * enforced, as in new-api.
 */
import { failure } from '../../errors/app-error.js';
import type { ExternalIdentity } from './identity-providers.js';
import { callProvider, field, textField, type ProviderErrorLog } from './provider-http.js';

export interface LinuxDoSettings {
  clientId: string;
  clientSecret: string;
  /** `https://connect.linux.do` (tests: a fake on loopback). */
  baseUrl: string;
  /**
   * The `redirect_uri` sent with the code: new-api's `<scheme>://<request host>/api/oauth/linuxdo`
   * (the authorisation request names none, so LinuxDO uses the registered one).
   */
  redirectUri: string;
}

export async function linuxDoIdentity(
  settings: LinuxDoSettings,
  code: string,
  log?: ProviderErrorLog,
): Promise<ExternalIdentity> {
  if (code === '') throw failure('invalid code');
  const credentials = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString(
    'base64',
  );
  const token = await callProvider(
    `${settings.baseUrl}/oauth2/token`,
    {
      method: 'POST',
      headers: {
        authorization: `Basic ${credentials}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: settings.redirectUri,
      }).toString(),
    },
    'failed to connect to Linux DO server',
    log,
  );
  const accessToken = textField(token.body, 'access_token');
  if (accessToken === '') {
    const reason = textField(token.body, 'message') || textField(token.body, 'error');
    throw failure(`failed to get access token: ${reason}`);
  }
  const user = await callProvider(
    `${settings.baseUrl}/api/user`,
    { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
    'failed to get user info from Linux DO',
    log,
  );
  const id = field(user.body, 'id');
  if (user.status !== 200 || typeof id !== 'number' || !Number.isSafeInteger(id) || id === 0) {
    throw failure('invalid user info returned');
  }
  return {
    id: String(id),
    displayName: textField(user.body, 'name') || textField(user.body, 'username') || undefined,
  };
}
