/**
 * WeChat sign-in (reference §8.6) goes through a separate WeChat server (the official account's
 * backend): the user types the code the account sent them, and
 * `GET <WeChatServerAddress>/api/wechat/user?code=` with `Authorization: <WeChatServerToken>`
 * answers `{success, message, data: <wechat id>}`.
 */
import { failure } from '../../errors/app-error.js';
import type { OutboundGuard } from '../../lib/outbound-guard/outbound-guard.js';
import type { ExternalIdentity } from './identity-providers.js';
import { callProvider, field, textField, type ProviderErrorLog } from './provider-http.js';

export interface WeChatSettings {
  serverAddress: string;
  serverToken: string;
}

const UNREACHABLE = '无法连接至微信服务器，请稍后重试！';

/** The WeChat server's address is the admin's: called through the outbound guard. */
export async function wechatIdentity(
  settings: WeChatSettings,
  code: string,
  outbound: OutboundGuard,
  log?: ProviderErrorLog,
): Promise<ExternalIdentity> {
  if (code === '') throw failure('无效的参数');
  const base = settings.serverAddress.replace(/\/+$/, '');
  if (!/^https?:\/\//.test(base)) throw failure(UNREACHABLE);
  const answer = await callProvider(
    `${base}/api/wechat/user?code=${encodeURIComponent(code)}`,
    { headers: { authorization: settings.serverToken, accept: 'application/json' } },
    UNREACHABLE,
    log,
    outbound,
  );
  if (answer.body === undefined) {
    log?.(new Error(`WeChat server answered HTTP ${answer.status} without JSON`), UNREACHABLE);
    throw failure(UNREACHABLE);
  }
  if (field(answer.body, 'success') !== true) {
    throw failure(textField(answer.body, 'message') || '验证码错误或已过期');
  }
  const id = textField(answer.body, 'data');
  if (id === '') throw failure('验证码错误或已过期');
  return { id };
}
