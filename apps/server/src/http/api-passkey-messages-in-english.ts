import type { MessageTemplates } from '../errors/message-templates.js';

/**
 * The English wording of the passkey routes' messages (`/api/user/passkey/…`,
 * accounts/passkeys/); part of the resource table.
 */
export const PASSKEY_MESSAGES_IN_ENGLISH: MessageTemplates = [
  [/^管理员未启用 Passkey 登录$/, 'Passkey sign-in is not enabled by the administrator'],
  [
    /^Passkey 配置无效：ServerAddress 不是有效的地址$/,
    'Invalid passkey settings: ServerAddress is not a valid address',
  ],
  [/^Passkey 配置无效：没有可用的 HTTPS 来源$/, 'Invalid passkey settings: no usable HTTPS origin'],
  [/^Passkey 响应无效$/, 'Invalid passkey response'],
  [
    /^Passkey 验证会话不存在或已过期，请重试$/,
    'The passkey request does not exist or has expired, please try again',
  ],
  [/^Passkey 注册失败，请重试$/, 'Passkey registration failed, please try again'],
  [/^Passkey 验证失败，请重试$/, 'Passkey verification failed, please try again'],
  [/^Passkey 凭证不存在或已被移除$/, 'The passkey does not exist or has been removed'],
  [/^该用户尚未绑定 Passkey$/, 'This user has no passkey'],
  [/^该用户已被禁用$/, 'This user has been disabled'],
  [/^用户句柄与凭证不匹配$/, 'The user handle does not match the passkey'],
  [/^Passkey 注册成功$/, 'Passkey registered'],
  [/^Passkey 已解绑$/, 'Passkey removed'],
  [/^Passkey 验证成功$/, 'Passkey verified'],
  [/^Passkey 已重置$/, 'Passkey reset'],
  [/^未登录$/, 'Not signed in'],
];
