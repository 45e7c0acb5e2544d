import { translateByTemplates, type MessageTemplates } from '../errors/message-templates.js';
import { CATALOGUE_MESSAGES_IN_ENGLISH } from './api-catalogue-messages-in-english.js';
import { PASSKEY_MESSAGES_IN_ENGLISH } from './api-passkey-messages-in-english.js';
import { SUBSCRIPTION_MESSAGES_IN_ENGLISH } from './api-subscription-messages-in-english.js';

/**
 * The English wording of the console API's messages about resources: API keys and their usage
 * limits, channels and their outbound addresses, options, redemption codes and top-ups (the
 * accounts' messages are in api-messages-in-english.ts, which uses this table).
 */

/** Channel JSON field labels as the channel rules name them. */
const CHANNEL_FIELD_LABELS: Readonly<Record<string, string>> = {
  模型映射: 'Model mapping',
  状态码复写: 'Status code mapping',
  渠道额外设置: 'Extra channel settings',
  参数覆盖: 'Parameter override',
  渠道附加信息: 'Additional channel information',
};
const channelField = (label: string) => CHANNEL_FIELD_LABELS[label] ?? label;

/** Tails of option value checks (`Key 中 a.b 的值<tail>`). */
const OPTION_VALUE_TAILS: MessageTemplates = [
  [/^必须是数字$/, 'must be a number'],
  [/^必须是整数$/, 'must be an integer'],
  [/^必须是字符串$/, 'must be a string'],
  [/^必须是 JSON 对象$/, 'must be a JSON object'],
  [/^必须是 JSON 数组$/, 'must be a JSON array'],
  [
    /^必须是 \[请求总数, 成功请求数\] 形式的数组$/,
    'must be an array [total requests, successful requests]',
  ],
];

/** Chinese message templates about resources and their English wording. */
export const RESOURCE_MESSAGES_IN_ENGLISH: MessageTemplates = [
  // API keys and their usage limits.
  [/^令牌不存在$/, 'The API key does not exist'],
  [
    /^令牌已过期，无法启用，请先修改令牌过期时间，或者设置为永不过期$/,
    'The API key has expired and cannot be enabled; change its expiry time first, or make it never expire',
  ],
  [
    /^令牌可用额度已用尽，无法启用，请先修改令牌剩余额度，或者设置为无限额度$/,
    'The quota of the API key is used up and it cannot be enabled; change its remaining quota first, or make it unlimited',
  ],
  [/^令牌名称过长$/, 'The API key name is too long'],
  [
    /^过期时间不能早于当前时间，或设置为永不过期（-1）$/,
    'The expiry time must not be in the past (or -1: never expires)',
  ],
  [/^额度值不能为负数$/, 'The quota must not be negative'],
  [/^模型限制列表过长$/, 'The model restriction list is too long'],
  [/^IP 白名单格式错误：(.*)$/s, 'Invalid IP allow list entry: $1'],
  [/^IP 白名单过长$/, 'The IP allow list is too long'],
  [/^无权使用分组 (.*)$/, 'You may not use the group $1'],
  [
    /^令牌的 (\S+) 限额 (\S+) 不能高于用户的限额 (\S+)$/,
    "The API key's $1 limit $2 must not be above the user's limit $3",
  ],

  // Key reveals and the secure verification before them.
  [/^一次最多处理 (\d+) 个令牌$/, 'At most $1 API keys can be handled at once'],
  [/^获取成功$/, 'Retrieved'],
  [/^渠道ID格式错误$/, 'Invalid channel ID'],
  [/^验证成功$/, 'Verified'],
  [/^需要安全验证$/, 'Security verification required'],
  [/^安全验证状态无效，请重新验证$/, 'The security verification is invalid, please verify again'],
  [/^安全验证已过期，请重新验证$/, 'The security verification has expired, please verify again'],
  [/^用户未启用2FA或Passkey$/, 'Neither two-factor authentication nor a passkey is set up'],
  [/^验证码不能为空$/, 'The verification code must not be empty'],
  [/^验证失败，请检查验证码$/, 'Verification failed, please check the code'],
  [/^密码不能为空$/, 'The password must not be empty'],
  [/^验证失败，请检查密码$/, 'Verification failed, please check the password'],
  [
    /^已启用两步验证的用户请使用两步验证码或 Passkey 验证$/,
    'With two-factor authentication on, verify with a two-factor code or a passkey',
  ],
  [/^密码验证失败次数过多，请稍后再试$/, 'Too many failed password checks, please try again later'],
  [/^不支持的验证方式: (.*)$/, 'Unsupported verification method: $1'],
  [
    /^安全验证需要浏览器登录会话$/,
    'Secure verification needs a browser session (sign in with a password)',
  ],
  [/^请先完成 Passkey 验证$/, 'Please complete the passkey verification first'],

  // Channels, their tests and their outbound addresses.
  [/^渠道不存在$/, 'The channel does not exist'],
  [/^渠道密钥不能为空$/, 'The channel key must not be empty'],
  [/^一次最多添加 (\d+) 个渠道$/, 'At most $1 channels can be added at once'],
  [/^渠道名称不能为空$/, 'The channel name must not be empty'],
  [/^渠道名称长度不能超过 (\d+) 个字符$/, 'The channel name must not be longer than $1 characters'],
  [/^标签长度不能超过 (\d+) 个字符$/, 'The tag must not be longer than $1 characters'],
  [/^分组总长度不能超过 (\d+) 个字符$/, 'The groups must not be longer than $1 characters in all'],
  [/^模型名称过长: (.*)$/s, 'Model name too long: $1'],
  [/^模型名称重复: (.*)$/s, 'Duplicate model name: $1'],
  [/^分组名称重复: (.*)$/s, 'Duplicate group name: $1'],
  [/^渠道类型无效$/, 'Invalid channel type'],
  [/^请至少选择一个模型$/, 'Select at least one model'],
  [/^tag不能为空$/, 'The tag must not be empty'],
  [/^该标签下没有渠道$/, 'No channel has this tag'],
  // Channel copy and the keys of a multi-key channel.
  [/^获取渠道信息失败，请稍后重试$/, 'Could not read the channel, please try again later'],
  [/^复制渠道失败，请稍后重试$/, 'Could not copy the channel, please try again later'],
  [/^该渠道不是多密钥模式$/, 'This channel is not a multi-key channel'],
  [/^未指定要(禁用|启用|删除)的密钥索引$/, 'No key index given'],
  [/^密钥索引超出范围$/, 'The key index is out of range'],
  [/^密钥已禁用$/, 'Key disabled'],
  [/^密钥已启用$/, 'Key enabled'],
  [/^密钥已删除$/, 'Key deleted'],
  [/^已启用 (\d+) 个密钥$/, 'Enabled $1 keys'],
  [/^已禁用 (\d+) 个密钥$/, 'Disabled $1 keys'],
  [/^没有可禁用的密钥$/, 'No key to disable'],
  [/^不能删除最后一个密钥$/, 'The last key cannot be deleted'],
  [/^没有需要删除的自动禁用密钥$/, 'No automatically disabled key to delete'],
  [/^已删除 (\d+) 个自动禁用的密钥$/, 'Deleted $1 automatically disabled keys'],
  [/^不支持的操作$/, 'Unsupported action'],
  [/^测试已在运行中$/, 'A test is already running'],
  [/^尚未实现$/, 'Not implemented yet'],
  [
    /^(.+?)必须是合法的 JSON 对象$/,
    (_m, label) => `${channelField(label)} must be a valid JSON object`,
  ],
  [
    /^(.+?)的值必须是字符串，例如 (.*)$/s,
    (_m, label, example) => `The values of ${channelField(label)} must be strings, e.g. ${example}`,
  ],
  [
    /^(.+?)必须形如 (.*)$/s,
    (_m, label, example) => `${channelField(label)} must look like ${example}`,
  ],
  [
    /^(.+?)长度不能超过 (\d+) 个字符$/,
    (_m, label, max) => `${channelField(label)} must not be longer than ${max} characters`,
  ],
  [
    /^API 地址无效，必须以 http:\/\/ 或 https:\/\/ 开头$/,
    'Invalid API address: it must start with http:// or https://',
  ],
  [
    /^API 地址不可用（仅超级管理员可使用内部地址）：(.*)$/s,
    'The API address is not allowed (only the root user may use internal addresses): $1',
  ],
  [
    /^API 地址不可用（不允许内部地址）：(.*)$/s,
    'The API address is not allowed (internal addresses are refused): $1',
  ],
  [/^未设置 API 地址$/, 'No API address is set'],
  [/^API 地址无效$/, 'Invalid API address'],
  [/^上游返回状态码 (.*)$/, 'The upstream answered with status $1'],
  [
    /^上游返回的不是合法的模型列表（需要 (.*)）$/s,
    "The upstream's answer is not a model list (expected $1)",
  ],
  [/^上游响应过大（超过 (\d+) MiB）$/, "The upstream's answer is too large (over $1 MiB)"],
  [/^请求上游超时（(\d+) 秒）$/, 'The request to the upstream timed out ($1 s)'],
  [/^无法连接上游：连接被拒绝$/, 'Cannot connect to the upstream: connection refused'],
  [
    /^无法连接上游：域名无法解析$/,
    'Cannot connect to the upstream: the host name does not resolve',
  ],
  [/^无法连接上游：(.*)$/s, 'Cannot connect to the upstream: $1'],
  [/^部署地区不能为空$/, 'The deployment region must not be empty'],
  [/^部署地区必须包含default字段$/, 'The deployment region must have a default field'],
  [
    /^部署地区必须是合法的 JSON 对象，例如 (.*)$/s,
    'The deployment region must be a valid JSON object, e.g. $1',
  ],

  // Options (settings pages).
  [/^未知的配置项：(.*)$/, 'Unknown option: $1'],
  [/^(\S+) 不能指向内部地址：(.*)$/s, '$1 must not point to an internal address: $2'],
  [/^(\S+) 必须大于 (\S+)$/, '$1 must be greater than $2'],
  [/^(\S+) 不能小于 (\S+)$/, '$1 must not be less than $2'],
  [/^(\S+) 不能大于 (\S+)$/, '$1 must not be greater than $2'],
  [/^(\S+) 中 (.+) 的值不能小于 0$/, 'In $1, the value of $2 must not be less than 0'],
  [/^(\S+) 中 (.+) 的值不能大于 (\S+)$/, 'In $1, the value of $2 must not be greater than $3'],
  [
    /^(\S+) 中 (.+) 的值必须在 (\d+) 到 (\d+) 之间$/,
    'In $1, the value of $2 must be between $3 and $4',
  ],
  [
    /^(\S+) 中 (.+) 的请求总数必须在 (\d+) 到 (\d+) 之间$/,
    'In $1, the total requests of $2 must be between $3 and $4',
  ],
  [
    /^(\S+) 中 (.+) 的成功请求数必须在 (\d+) 到 (\d+) 之间$/,
    'In $1, the successful requests of $2 must be between $3 and $4',
  ],
  [
    /^(\S+) 中 (.+) 的值(必须是.*)$/,
    (_m, key, location, tail) =>
      `In ${key}, the value of ${location} ${translateByTemplates(OPTION_VALUE_TAILS, tail) ?? tail}`,
  ],
  [/^(\S+) 必须以 http:\/\/ 或 https:\/\/ 开头$/, '$1 must start with http:// or https://'],
  [/^(\S+) 的值必须是 true 或 false$/, '$1 must be true or false'],
  [/^(\S+) 的值必须是整数$/, '$1 must be an integer'],
  [/^(\S+) 的值必须是数字$/, '$1 must be a number'],
  [
    /^(\S+) 的值必须是 (.+) 之一$/,
    (_m, key, values) => `${key} must be one of ${values.split('、').join(', ')}`,
  ],
  [/^(\S+) 的值无效$/, 'The value of $1 is invalid'],
  [/^(\S+) 的每一项都必须有 name 和 type$/, 'Every item of $1 must have a name and a type'],
  [/^(\S+) 不是合法的 JSON 字符串$/, '$1 is not valid JSON'],
  [/^(\S+) 必须是 JSON 数组$/, '$1 must be a JSON array'],
  [/^(\S+) 必须是 JSON 对象$/, '$1 must be a JSON object'],
  [
    /^(\S+) 不是有效的时区（例如 Asia\/Shanghai、UTC）$/,
    '$1 is not a valid time zone (e.g. Asia/Shanghai, UTC)',
  ],
  [/^无效的邮箱域名：(.*)，例如 gmail\.com$/, 'Invalid email domain: $1, e.g. gmail.com'],
  [/^邮箱域名重复：(.*)$/, 'Duplicate email domain: $1'],
  [
    /^无法启用邮箱域名限制，请先填入限制的邮箱域名！$/,
    'Cannot enable the email domain restriction: fill in the allowed email domains first!',
  ],
  [
    /^无法启用微信登录，请先填入微信登录相关配置信息！$/,
    'Cannot enable WeChat sign-in: fill in its settings first!',
  ],
  [
    /^无法启用 Turnstile 校验，请先填入 Turnstile 校验相关配置信息！$/,
    'Cannot enable Turnstile: fill in its settings first!',
  ],
  [
    /^无法启用 (.+?)，请先填入 (.+?)(?: 以及 (.+?))?！$/,
    (_m, feature, first, second) =>
      `Cannot enable ${feature}: fill in the ${second ? `${first} and the ${second}` : first} first!`,
  ],

  // Redemption codes and top-ups.
  [/^未提供兑换码$/, 'No redemption code was given'],
  [/^无效的兑换码$/, 'Invalid redemption code'],
  [/^兑换码不存在$/, 'The redemption code does not exist'],
  [/^兑换码名称长度必须在1-20之间$/, 'The redemption code name must be 1 to 20 characters long'],
  [/^兑换码个数必须大于0$/, 'The number of redemption codes must be greater than 0'],
  [
    /^一次兑换码批量生成的个数不能大于 (\d+)$/,
    'At most $1 redemption codes can be generated at once',
  ],
  [/^兑换码个数必须是整数$/, 'The number of redemption codes must be an integer'],
  [
    /^兑换额度必须是 (\d+) 到 (\d+) 之间的整数$/,
    'The redemption quota must be an integer from $1 to $2',
  ],
  [/^无效的兑换码状态$/, 'Invalid redemption code status'],
  [/^已使用的兑换码状态不可修改$/, 'The status of a used redemption code cannot be changed'],
  [/^只能编辑未使用的兑换码$/, 'Only unused redemption codes can be edited'],
  [/^当前管理员未配置支付信息$/, 'The administrator has not configured payments'],
  [/^支付方式不存在$/, 'The payment method does not exist'],
  [/^充值数量不能小于 (\S+)$/, 'The top-up amount must not be less than $1'],
  [/^充值金额过低$/, 'The top-up amount is too low'],
  [/^充值数量过大$/, 'The top-up amount is too large'],
  [/^当前管理员未配置 Stripe 支付信息$/, 'The administrator has not configured Stripe payments'],
  [/^当前管理员未配置 Creem 支付信息$/, 'The administrator has not configured Creem payments'],
  [/^不支持的支付渠道$/, 'This payment channel is not supported'],
  [/^充值数量不能大于 (\S+)$/, 'The top-up amount must not be more than $1'],
  [/^拉起支付失败$/, 'The payment could not be started'],
  [/^请选择产品$/, 'Choose a product'],
  [/^产品配置错误$/, 'The product configuration is invalid'],
  [/^产品不存在$/, 'The product does not exist'],
  [/^充值订单不存在$/, 'The top-up order does not exist'],
  [/^充值订单状态不是待支付$/, 'The top-up order is not pending'],
  [/^充值订单的用户不存在$/, 'The user of the top-up order no longer exists'],
  [
    /^(\S+) 必须是 \{productId, name, price, currency, quota\} 的 JSON 数组$/,
    '$1 must be a JSON array of {productId, name, price, currency, quota}',
  ],

  // The daily check-in.
  [/^签到功能未启用$/, 'Daily check-in is not enabled'],
  [/^今日已签到$/, 'You have already checked in today'],
  [/^签到成功$/, 'Checked in'],
  [/^月份格式错误，应为 YYYY-MM$/, 'Invalid month: expected YYYY-MM'],

  // Prefill groups.
  [/^预填组不存在$/, 'The prefill group does not exist'],
  [/^预填组名称不能为空$/, 'The prefill group name must not be empty'],
  [/^预填组名称不能超过 (\d+) 个字符$/, 'The prefill group name must be at most $1 characters'],
  [/^预填组名称已存在$/, 'A prefill group with this name already exists'],
  [
    /^预填组类型必须是 model、tag 或 endpoint$/,
    'The prefill group type must be model, tag or endpoint',
  ],
  [/^预填组的项目必须是字符串数组$/, 'The prefill group items must be an array of strings'],
  [/^预填组最多 (\d+) 项$/, 'A prefill group holds at most $1 items'],
  [
    /^预填组描述不能超过 (\d+) 个字符$/,
    'The prefill group description must be at most $1 characters',
  ],

  // Ratio sync and the performance page.
  [/^本站未公开倍率信息$/, 'This site does not expose its ratios'],
  [/^请至少选择一个上游$/, 'Choose at least one upstream'],
  [
    /^进程未以 --expose-gc 启动，无法手动触发垃圾回收$/,
    'The process was not started with --expose-gc: garbage collection cannot be forced',
  ],

  // The model catalogue (models, vendors, the official sync).
  ...CATALOGUE_MESSAGES_IN_ENGLISH,

  // Passkeys.
  ...PASSKEY_MESSAGES_IN_ENGLISH,

  // Subscriptions.
  ...SUBSCRIPTION_MESSAGES_IN_ENGLISH,
];
