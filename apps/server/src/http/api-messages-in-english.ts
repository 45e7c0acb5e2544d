import { englishRelayMessage } from '../errors/relay-error-language.js';
import { translateByTemplates, type MessageTemplates } from '../errors/message-templates.js';
import { RESOURCE_MESSAGES_IN_ENGLISH } from './api-resource-messages-in-english.js';

/**
 * The English wording of console API messages: Tollgate's own and the new-api messages the
 * console shows most. A message is matched whole; a prefix such as `输入不合法 ` keeps its
 * English prefix and has its remainder translated in turn. Messages not listed pass unchanged.
 */

/** The wording of a prefixed message: the English prefix, then the remainder in English. */
const prefixed =
  (english: string) =>
  (_match: string, rest: string): string =>
    `${english}${englishApiMessage(rest)}`;

/** Sign-in providers named in Chinese. */
const providerName = (name: string) => (name === '微信' ? 'WeChat' : name);

/** Chinese message templates and their English wording. */
const API_MESSAGES_IN_ENGLISH: MessageTemplates = [
  // Authentication, roles and request plumbing.
  [
    /^无权进行此操作，未登录且未提供 access token$/,
    'Not authorized: not signed in and no access token given',
  ],
  [/^无权进行此操作，权限不足$/, 'Not authorized: insufficient permissions'],
  [/^无权进行此操作，未提供 New-Api-User$/, 'Not authorized: the New-Api-User header is missing'],
  [
    /^无权进行此操作，New-Api-User 格式错误$/,
    'Not authorized: the New-Api-User header is malformed',
  ],
  [
    /^无权进行此操作，New-Api-User 与登录用户不匹配$/,
    'Not authorized: the New-Api-User header does not match the signed-in user',
  ],
  [/^access token 无效$/, 'Invalid access token'],
  [/^请求过于频繁，请稍后再试$/, 'Too many requests, please try again later'],
  [/^请求体接收超时，请重试$/, 'Receiving the request body timed out, please try again'],
  [
    /^服务器内部错误，请联系管理员 \(request id: (.*)\)$/,
    'Internal server error, please contact the administrator (request id: $1)',
  ],
  [/^请求参数有误：无效的 JSON$/, 'Invalid request: the body is not valid JSON'],
  [/^请求参数有误$/, 'Invalid request'],
  [/^请求体过大$/, 'The request body is too large'],
  [/^不支持的 Content-Type$/, 'Unsupported Content-Type'],
  [/^无效的参数：(.*)$/s, 'Invalid parameter: $1'],
  [/^无效的参数$/, 'Invalid parameter'],
  [/^参数错误$/, 'Invalid parameters'],
  [/^无效的请求$/, 'Invalid request'],
  [/^数据库连接失败$/, 'The database connection failed'],
  [/^Turnstile token 为空$/, 'The Turnstile token is empty'],
  [
    /^Turnstile 校验失败，请刷新重试！$/,
    'Turnstile verification failed, please refresh and try again!',
  ],
  [/^系统已经初始化完成$/, 'The system is already set up'],

  // Validation prefixes: the remainder is translated in turn.
  [/^输入不合法 (.*)$/s, prefixed('Invalid input: ')],
  [/^划转失败 (.*)$/s, prefixed('Transfer failed: ')],
  [/^兑换失败，(.*)$/s, prefixed('Redemption failed: ')],
  [/^获取模型列表失败：(.*)$/s, prefixed('Fetching the model list failed: ')],

  // Accounts: sign-in, registration, profile.
  [/^用户名或密码错误，或用户已被封禁$/, 'Wrong username or password, or the user is banned'],
  [/^管理员关闭了密码登录$/, 'The administrator has disabled signing in with a password'],
  [/^管理员关闭了新用户注册$/, 'The administrator has disabled new registrations'],
  [
    /^管理员关闭了通过密码进行注册，请使用第三方账户验证的形式进行注册$/,
    'The administrator has disabled registering with a password; please register with a third-party account',
  ],
  [
    /^管理员开启了邮箱验证，请输入邮箱地址和验证码$/,
    'Email verification is required: please enter your email address and the verification code',
  ],
  [/^用户名已存在，或已注销$/, 'The username is taken, or belongs to a deregistered user'],
  [
    /^用户名与已有用户过于相似，请换一个$/,
    'The username is too similar to an existing one, please choose another',
  ],
  [/^用户名不能为空$/, 'The username must not be empty'],
  [/^用户名长度不能超过 ?(\d+) ?个字符$/, 'The username must not be longer than $1 characters'],
  [
    /^用户名不能包含控制字符或不可见字符$/,
    'The username must not contain control or invisible characters',
  ],
  [/^显示名称长度不能超过 (\d+) 个字符$/, 'The display name must not be longer than $1 characters'],
  [/^邮箱地址无效$/, 'Invalid email address'],
  [/^角色无效$/, 'Invalid role'],
  [/^分组无效$/, 'Invalid group'],
  [/^用户名和密码不能为空$/, 'The username and the password must not be empty'],
  [/^两次输入的密码不一致$/, 'The two passwords do not match'],
  [/^密码长度至少为(\d+)个字符$/, 'The password must be at least $1 characters long'],
  [/^密码长度不能超过(\d+)个字符$/, 'The password must not be longer than $1 characters'],
  [/^密码长度不能小于 (\d+) 位$/, 'The password must be at least $1 characters long'],
  [/^密码长度不能大于 (\d+) 位$/, 'The password must not be longer than $1 characters'],
  [/^验证码错误或已过期$/, 'The verification code is wrong or has expired'],
  [/^创建默认令牌失败$/, 'Creating the default API key failed'],
  [/^用户不存在$/, 'The user does not exist'],
  [/^用户已注销$/, 'The user has been deregistered'],
  [/^原密码错误$/, 'The current password is wrong'],
  [/^不能删除超级管理员账户$/, 'The root account cannot be deleted'],
  [/^会话已过期，请重新登录$/, 'The session has expired, please sign in again'],
  [/^尝试次数过多，请重新登录$/, 'Too many attempts, please sign in again'],
  [
    /^该账户正在处理另一个请求，请稍后重试$/,
    'This account is busy with another request, please try again later',
  ],
  [/^邮箱地址已被占用$/, 'The email address is already in use'],
  [/^重置链接非法或已过期$/, 'The reset link is invalid or has expired'],
  [/^SMTP 服务器未配置$/, 'No SMTP server is configured'],
  [
    /^管理员已启用邮箱地址别名限制，您的邮箱地址由于包含特殊符号而被拒绝。$/,
    'The administrator has restricted email aliases; your email address was refused because it contains special characters.',
  ],
  [/^转移额度最小为(.*)！$/, 'the minimum transfer is $1!'],
  [/^邀请额度不足！$/, 'not enough invitation quota!'],
  [/^Webhook地址不能为空$/, 'The webhook address must not be empty'],
  [/^无效的Webhook地址$/, 'Invalid webhook address'],
  [/^Webhook地址必须以https:\/\/开头$/, 'The webhook address must start with https://'],
  [
    /^Webhook地址不可用（不允许内部地址）：(.*)$/s,
    'The webhook address is not allowed (internal addresses are refused): $1',
  ],
  [/^无效的预警类型$/, 'Invalid warning type'],
  [/^预警阈值必须大于0$/, 'The warning threshold must be greater than 0'],
  [/^无效的邮箱地址$/, 'Invalid email address'],
  [/^时间跨度不能超过 1 个月$/, 'The time span must not exceed 1 month'],

  // User management.
  [
    /^无法创建权限大于等于自己的用户$/,
    'You cannot create a user whose role is equal to or above your own',
  ],
  [/^无法禁用超级管理员用户$/, 'The root user cannot be disabled'],
  [/^无法删除超级管理员用户$/, 'The root user cannot be deleted'],
  [
    /^普通管理员用户无法提升其他用户为管理员$/,
    'Only the root user can promote users to administrator',
  ],
  [/^该用户已经是管理员$/, 'This user is already an administrator'],
  [/^无法降级超级管理员用户$/, 'The root user cannot be demoted'],
  [/^该用户已经是普通用户$/, 'This user is already a common user'],
  [
    /^无权删除同权限等级或更高权限等级的用户$/,
    'You may not delete a user whose role is equal to or above your own',
  ],
  [
    /^无权获取同级或更高等级用户的信息$/,
    'You may not view a user whose role is equal to or above your own',
  ],
  [
    /^无权更新同权限等级或更高权限等级的用户信息$/,
    'You may not update a user whose role is equal to or above your own',
  ],

  // Two-factor authentication.
  [/^验证码或备用码错误，请重试$/, 'Wrong verification or backup code, please try again'],
  [/^用户未启用2FA$/, 'Two-factor authentication is not enabled for this user'],
  [
    /^用户已启用2FA，请先禁用后重新设置$/,
    'Two-factor authentication is already enabled; disable it before setting it up again',
  ],
  [/^请先完成2FA初始化设置$/, 'Please complete the two-factor setup first'],
  [/^2FA已经启用$/, 'Two-factor authentication is already enabled'],
  [
    /^请在个人设置中使用验证码关闭两步验证$/,
    'Disable your own two-factor authentication in your personal settings, with a code',
  ],
  [
    /^无权操作同级或更高级用户的2FA设置$/,
    'You may not change the two-factor settings of a user whose role is equal to or above your own',
  ],
  [
    /^两步验证失败次数过多，请稍后再试$/,
    'Too many failed two-factor attempts, please try again later',
  ],

  // Sign-in providers.
  [
    /^管理员未开启通过 ?(.+?) ?登录以及注册$/,
    (_m, name) =>
      `The administrator has not enabled signing in and registering with ${providerName(name)}`,
  ],
  [
    /^该(?:微信账号| ?(.+?) 账户)已被绑定$/,
    (_m, name) => `This ${name ?? 'WeChat'} account is already bound`,
  ],
  [/^该 Telegram 账户未绑定$/, 'This Telegram account is not bound'],
  [
    /^无法连接至 ?(.+?) ?服务器，请稍后重试！$/,
    (_m, name) => `Cannot reach the ${providerName(name)} server, please try again later!`,
  ],
  [
    /^返回值非法，用户字段为空，请稍后重试！$/,
    'Invalid answer: the user field is empty, please try again later!',
  ],
  [
    /^OIDC 配置不完整，请检查设置！$/,
    'The OIDC configuration is incomplete, please check the settings!',
  ],
  [
    /^OIDC 地址必须使用 https（仅本机地址可用 http）$/,
    'OIDC addresses must use https (http only for local addresses)',
  ],
  [
    /^OIDC 地址指向内部地址，已拒绝连接，请检查设置！$/,
    'An OIDC address points to an internal address and was refused, please check the settings!',
  ],
  [
    /^OIDC 获取 Token 失败，请检查设置！$/,
    'Getting the OIDC token failed, please check the settings!',
  ],
  [
    /^OIDC 获取用户信息失败！请检查设置！$/,
    'Getting the OIDC user information failed! Please check the settings!',
  ],
  [
    /^OIDC 获取用户信息为空！请检查设置！$/,
    'The OIDC user information is empty! Please check the settings!',
  ],

  ...RESOURCE_MESSAGES_IN_ENGLISH,
];

/**
 * The console API message in English: a listed template translated, then the relay's templates
 * (channel tests answer with relay errors), anything else unchanged.
 */
export function englishApiMessage(message: string): string {
  return translateByTemplates(API_MESSAGES_IN_ENGLISH, message) ?? englishRelayMessage(message);
}
