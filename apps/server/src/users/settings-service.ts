/**
 * A signed-in user's own settings: notification preferences (`PUT /api/user/setting`) and the move
 * of invitation reward into the balance (`POST /api/user/aff_transfer`), reference §8.4, §12.1.
 */
import type { UpdateUserSettingRequest } from '@tollgate/contracts';
import { formatQuota } from '../billing/format-quota.js';
import { AppError, failure } from '../errors/app-error.js';
import type { OutboundGuard } from '../lib/outbound-guard/outbound-guard.js';
import { OutboundRefusedError } from '../lib/outbound-guard/outbound-refused-error.js';
import * as users from './user-repository.js';
import type { UserServiceDeps } from './user-rules.js';
import { buildUserSetting, readUserSetting, userSettingText } from '../accounts/user-setting.js';

export const SETTING_UPDATED = '设置已更新';
export const AFF_TRANSFERRED = '划转成功';
const TRANSFER_FAILED = '划转失败 ';

/**
 * Replaces the whole setting of `userId` (an empty webhook secret keeps the stored one). A webhook
 * at an internal address is refused here, before anything is stored (and again at each send).
 * The caller tells the caches (`user-changed`): the relay reads the setting from its user cache.
 */
export async function updateUserSetting(
  deps: UserServiceDeps,
  userId: number,
  request: UpdateUserSettingRequest,
  rules: { allowHttpWebhook: boolean; outbound: OutboundGuard },
): Promise<void> {
  const { db } = deps.database;
  const user = await users.findUserById(db, userId);
  if (!user) throw new AppError('unauthorized', '用户不存在', 401);
  const setting = buildUserSetting(request, readUserSetting(user.setting), rules);
  if (setting.webhook_url) await checkWebhookAddress(rules.outbound, setting.webhook_url);
  await users.updateUserColumns(db, userId, { setting: userSettingText(setting) });
}

/**
 * Moves `quota` of the caller's invitation reward into the balance: at least one unit
 * (`QuotaPerUnit`), never more than the reward. No log row, as new-api.
 */
export async function transferAffQuota(
  deps: UserServiceDeps,
  userId: number,
  quota: number,
): Promise<void> {
  const quotaPerUnit = deps.options.getNumber('QuotaPerUnit');
  if (quota < quotaPerUnit) {
    const minimum = formatQuota(
      Math.trunc(quotaPerUnit),
      quotaPerUnit,
      deps.options.getBoolean('DisplayInCurrencyEnabled'),
    );
    throw failure(`${TRANSFER_FAILED}转移额度最小为${minimum}！`);
  }
  if (!(await users.moveAffQuotaToQuota(deps.database.db, userId, quota))) {
    throw failure(`${TRANSFER_FAILED}邀请额度不足！`);
  }
}

async function checkWebhookAddress(outbound: OutboundGuard, url: string): Promise<void> {
  try {
    await outbound.check(url);
  } catch (error) {
    if (error instanceof OutboundRefusedError) {
      throw failure(`Webhook地址不可用（不允许内部地址）：${error.message}`);
    }
    throw error;
  }
}
