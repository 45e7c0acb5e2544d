import { describe, expect, it } from 'vitest';
import { englishApiMessage } from './api-messages-in-english.js';

describe('console API messages in English', () => {
  it.each([
    ['无权进行此操作，权限不足', 'Not authorized: insufficient permissions'],
    ['用户名或密码错误，或用户已被封禁', 'Wrong username or password, or the user is banned'],
    [
      '输入不合法 用户名长度不能超过 20 个字符',
      'Invalid input: The username must not be longer than 20 characters',
    ],
    ['输入不合法 something new', 'Invalid input: something new'],
    ['划转失败 邀请额度不足！', 'Transfer failed: not enough invitation quota!'],
    [
      '获取模型列表失败：请求上游超时（15 秒）',
      'Fetching the model list failed: The request to the upstream timed out (15 s)',
    ],
    [
      '服务器内部错误，请联系管理员 (request id: abc123)',
      'Internal server error, please contact the administrator (request id: abc123)',
    ],
    [
      '令牌的 rpm 限额 100 不能高于用户的限额 60',
      "The API key's rpm limit 100 must not be above the user's limit 60",
    ],
    [
      'API 地址不可用（仅超级管理员可使用内部地址）：127.0.0.1 is a loopback address',
      'The API address is not allowed (only the root user may use internal addresses): 127.0.0.1 is a loopback address',
    ],
    [
      'WebhookUrl 不能指向内部地址：10.0.0.1 is a private address',
      'WebhookUrl must not point to an internal address: 10.0.0.1 is a private address',
    ],
    ['模型映射必须是合法的 JSON 对象', 'Model mapping must be a valid JSON object'],
    ['复制渠道失败，请稍后重试', 'Could not copy the channel, please try again later'],
    ['已删除 2 个自动禁用的密钥', 'Deleted 2 automatically disabled keys'],
    ['未指定要禁用的密钥索引', 'No key index given'],
    ['ModelRatio 中 gpt-4o 的值必须是数字', 'In ModelRatio, the value of gpt-4o must be a number'],
    ['Theme 的值必须是 default、classic 之一', 'Theme must be one of default, classic'],
    [
      '无法启用 GitHub OAuth，请先填入 GitHub Client Id 以及 GitHub Client Secret！',
      'Cannot enable GitHub OAuth: fill in the GitHub Client Id and the GitHub Client Secret first!',
    ],
    [
      '管理员未开启通过微信登录以及注册',
      'The administrator has not enabled signing in and registering with WeChat',
    ],
    ['该 GitHub 账户已被绑定', 'This GitHub account is already bound'],
    ['该微信账号已被绑定', 'This WeChat account is already bound'],
    // The relay's own messages (channel tests answer with them) come from the relay's table.
    [
      '模型 gpt-4o 的所有渠道均已熔断，请稍后再试',
      'Every channel of the model gpt-4o is failing and paused (circuit open), please try again later',
    ],
    ['用户已被封禁', 'The user is banned'],
  ])('%s → English', (chinese, english) => {
    expect(englishApiMessage(chinese)).toBe(english);
  });

  it('leaves messages it does not know, and English ones, unchanged', () => {
    expect(englishApiMessage('某个未收录的消息')).toBe('某个未收录的消息');
    expect(englishApiMessage('target timestamp is required')).toBe('target timestamp is required');
  });
});
