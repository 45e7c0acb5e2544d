/**
 * The language of relay error messages. Tollgate's own relay errors are written in Chinese, as
 * new-api's are (its console shows them as they come); API clients get them in English unless
 * they ask for Chinese with `Accept-Language`. Translation happens only when an error is
 * answered, so calls that succeed pay nothing for it.
 */

import { translateByTemplates, type MessageTemplates } from './message-templates.js';

export { prefersChinese } from './accept-language.js';

/** Chinese message templates and their English wording, `$1`… standing for the captured parts. */
export const RELAY_MESSAGES_IN_ENGLISH: MessageTemplates = [
  [/^未提供令牌$/, 'No API key was provided'],
  [/^无效的令牌$/, 'Invalid API key'],
  [/^该令牌额度已用尽 (.*)$/, 'The quota of this API key is used up $1'],
  [/^该令牌已过期$/, 'This API key has expired'],
  [/^该令牌状态不可用$/, 'This API key is disabled'],
  [/^用户已被封禁$/, 'The user is banned'],
  [/^无效的渠道 Id$/, 'Invalid channel id'],
  [/^普通用户不支持指定渠道$/, 'Only administrators may choose a channel'],
  [/^您的 IP 不在令牌允许访问的列表中$/, "Your IP address is not in this API key's allow list"],
  [/^该渠道已被禁用$/, 'This channel is disabled'],
  [/^该令牌无权访问模型 (.*)$/, 'This API key may not use the model $1'],
  [
    /^当前分组 (.*) 下对于模型 (.*) 无可用渠道$/,
    'No channel is available for the model $2 in the group $1',
  ],
  [/^模型 (.*) 不存在$/, 'The model `$1` does not exist'],
  [/^令牌分组 (.*) 已被禁用$/, 'The group $1 of this API key is disabled'],
  [/^分组 (.*) 已被弃用$/, 'The group $1 is deprecated'],
  [
    /^获取分组 (.*) 下模型 (.*) 的可用渠道失败$/,
    'Found no available channel for the model $2 in the group $1',
  ],
  [
    /^当前分组上游负载已饱和，请稍后再试$/,
    'The upstream capacity of this group is saturated, please try again later',
  ],
  [
    /^模型 (.*) 的所有渠道均已熔断，请稍后再试$/,
    'Every channel of the model $1 is failing and paused (circuit open), please try again later',
  ],
  [
    /^渠道并发已满，等待 (\d+) 秒仍无空闲，请稍后再试$/,
    'The channels of this model are at their concurrency limit (no free slot within $1 s), please try again later',
  ],
  [/^请求上游地址失败$/, 'The request to the upstream failed'],
  [/^读取上游响应失败$/, 'Reading the upstream response failed'],
  [/^速率限制检查失败$/, 'The rate limit check failed'],
  [
    /^您已达到总请求数限制：(\d+)分钟内最多请求(\d+)次，包括失败次数，请检查您的请求是否正确$/,
    'You have reached the request limit: at most $2 requests in $1 minutes, failed ones included; please check that your requests are correct',
  ],
  [
    /^您已达到请求数限制：(\d+)分钟内最多请求(\d+)次$/,
    'You have reached the request limit: at most $2 successful requests in $1 minutes',
  ],
];

/** Separates the Chinese and English halves of a message that carries both (price errors). */
const BILINGUAL_SEPARATOR = '；';

/** The message in English: a known Chinese template translated, anything else unchanged. */
export function englishRelayMessage(message: string): string {
  const translated = translateByTemplates(RELAY_MESSAGES_IN_ENGLISH, message);
  if (translated !== undefined) return translated;
  const separator = message.indexOf(BILINGUAL_SEPARATOR);
  if (separator > 0 && /[\u4e00-\u9fff]/.test(message.slice(0, separator))) {
    return message.slice(separator + 1).trim();
  }
  return message;
}
