/**
 * The rules of the call limits in a channel's `setting` JSON (`CHANNEL_SETTING_LIMITS`): whole
 * seconds or a count from 0 to the key's maximum, refused on save with a message that names the
 * key and its range.
 */
import {
  CHANNEL_SETTING_LIMIT_KEYS,
  CHANNEL_SETTING_LIMITS,
  channelSettingLimitProblem,
} from '@tollgate/contracts';
import { failure } from '../errors/app-error.js';

const UNITS = {
  first_byte_timeout: '秒',
  idle_timeout: '秒',
  total_timeout: '秒',
  max_concurrency: '个并发调用',
} as const;

/** Throws the console's failure for the first limit of `setting` that is out of its range. */
export function checkChannelSettingLimits(setting: Readonly<Record<string, unknown>>): void {
  for (const key of CHANNEL_SETTING_LIMIT_KEYS) {
    if (channelSettingLimitProblem(key, setting[key]) === undefined) continue;
    const max = CHANNEL_SETTING_LIMITS[key].max;
    throw failure(
      `渠道额外设置的 ${key} 必须是 0 到 ${max} 之间的整数（${UNITS[key]}，0 表示不限制）`,
    );
  }
}
