import { describe, expect, it } from 'vitest';
import * as authentication from '../accounts/passkeys/passkey-authentication.js';
import * as registration from '../accounts/passkeys/passkey-registration.js';
import * as response from '../accounts/passkeys/passkey-response.js';
import { englishApiMessage } from './api-messages-in-english.js';

/** Every message the passkey ceremonies and routes answer with has an English wording. */
describe('passkey messages in English', () => {
  const constants = [authentication, registration, response].flatMap((module) =>
    Object.values(module as Record<string, unknown>).filter(
      (value): value is string => typeof value === 'string' && /[\u4e00-\u9fff]/.test(value),
    ),
  );
  const messages = [
    ...constants,
    '管理员未启用 Passkey 登录',
    'Passkey 配置无效：ServerAddress 不是有效的地址',
    'Passkey 配置无效：没有可用的 HTTPS 来源',
    'Passkey 注册成功',
    'Passkey 已解绑',
    'Passkey 验证成功',
    'Passkey 已重置',
    '请先完成 Passkey 验证',
  ];

  it.each(messages)('%s', (message) => {
    const english = englishApiMessage(message);
    expect(english).toBeDefined();
    expect(english).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
