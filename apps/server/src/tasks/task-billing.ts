import { CHANNEL_STATUS } from '@tollgate/contracts';
import { ownNumber } from '../billing/model-names.js';
import type { Admission } from '../billing/quota-ledger.js';
import { RelayError } from '../errors/relay-error.js';
import { LOG_TYPE } from '../logs/log-writer.js';
import type { AuthenticatedCall } from '../relay/auth/authenticate-relay.js';
import type { CachedChannel } from '../relay/channel-cache.js';
import type { RelayServices } from '../relay/relay-services.js';
import { resolveGroup } from '../relay/resolve-group.js';
import { checkModelAllowed } from '../relay/auth/model-access.js';

/** USD per call of a task model without a `ModelPrice` entry (reference §10.2). */
export const DEFAULT_TASK_PRICE = 0.1;

/** What a task submission costs and where it goes. */
export interface TaskPlan {
  call: AuthenticatedCall;
  model: string;
  group: string;
  modelPrice: number;
  groupRatio: number;
  /** Further multipliers of the price (a video's `seconds` and `size`); empty for most tasks. */
  ratios: Readonly<Record<string, number>>;
  /** int(price × groupRatio × ratios × QuotaPerUnit); 0 for free actions. */
  quota: number;
  channel: CachedChannel;
}

/**
 * Resolves a task submission from memory: the token's model limits, the group, the per-call price
 * and the channel — the one given (a follow-up action stays on its original task's channel) or
 * one chosen like any model's. Throws the relay's errors (OpenAI envelope, as distributor errors).
 */
export function planTask(
  services: RelayServices,
  call: AuthenticatedCall,
  model: string,
  options: { free?: boolean; channel?: CachedChannel; ratios?: Readonly<Record<string, number>> },
): TaskPlan {
  const { caller } = call;
  checkModelAllowed(caller, model);
  const group = resolveGroup(caller, model, services.options, services.channels);
  let channel = options.channel;
  if (!channel && call.pinnedChannelId !== undefined) {
    channel = services.channels.getById(call.pinnedChannelId);
    if (!channel) throw RelayError.badRequest('无效的渠道 Id', 'invalid_channel_id');
  }
  channel ??= services.channels.select(group, model, 0);
  if (!channel) {
    throw new RelayError(
      503,
      `当前分组 ${group} 下对于模型 ${model} 无可用渠道`,
      'new_api_error',
      'model_not_found',
    );
  }
  if (channel.status !== CHANNEL_STATUS.enabled) {
    throw new RelayError(403, '该任务所属渠道已被禁用', 'new_api_error', 'channel_disabled');
  }
  const modelPrice = ownNumber(services.options.getJson('ModelPrice'), model) ?? DEFAULT_TASK_PRICE;
  const groupGroup = services.options.getJson('GroupGroupRatio');
  const row = Object.hasOwn(groupGroup, caller.user.group) ? groupGroup[caller.user.group] : {};
  const groupRatio =
    ownNumber(row as Record<string, unknown>, group) ??
    ownNumber(services.options.getJson('GroupRatio'), group) ??
    1;
  const ratios = options.ratios ?? {};
  const product = Object.values(ratios).reduce((total, ratio) => total * ratio, 1);
  const quota = options.free
    ? 0
    : Math.trunc(modelPrice * groupRatio * product * services.options.getNumber('QuotaPerUnit'));
  return { call, model, group, modelPrice, groupRatio, ratios, quota, channel };
}

/**
 * Sets the task's price aside before the upstream call, so concurrent submissions can never take
 * a balance below zero; the ledger refuses with a 403 `RelayError` when it cannot be covered.
 */
export async function admitTask(services: RelayServices, plan: TaskPlan): Promise<Admission> {
  const { caller } = plan.call;
  // Awaited inside an async function: a refusal thrown synchronously becomes a rejection too.
  return await services.ledger.admit({
    user: caller.user,
    token: caller.token,
    estimate: plan.quota,
  });
}

/**
 * Settles a submission exactly once: an accepted task is charged its price with its consume log
 * row (reference §10.2 "模型固定价格 …，操作 …"); a refused one costs nothing.
 */
export async function settleTask(
  services: RelayServices,
  plan: TaskPlan,
  admission: Admission,
  outcome: { accepted: boolean; action: string; taskId: string; startedAt: number },
): Promise<number> {
  const { caller } = plan.call;
  const charged = outcome.accepted ? plan.quota : 0;
  if (charged === 0) {
    await services.ledger.settle(admission, {
      quota: 0,
      channelId: plan.channel.id,
      countUsage: outcome.accepted,
    });
    return 0;
  }
  const now = Date.now();
  const createdAt = Math.floor(now / 1000);
  services.dashboard.record({
    userId: caller.user.id,
    username: caller.user.username,
    modelName: plan.model,
    createdAt,
    tokensUsed: 0,
    quota: charged,
  });
  const idText = plan.model.startsWith('suno_') ? '' : `，ID ${outcome.taskId}`;
  const ratioText = Object.entries(plan.ratios)
    .map(([name, ratio]) => `，${name} ${Number(ratio.toFixed(6))}`)
    .join('');
  const other: Record<string, unknown> = {
    model_price: plan.modelPrice,
    group_ratio: plan.groupRatio,
  };
  if (ratioText) other.other_ratios = plan.ratios;
  await services.ledger.settle(admission, {
    quota: charged,
    channelId: plan.channel.id,
    countUsage: true,
    log: {
      user_id: caller.user.id,
      username: caller.user.username,
      created_at: createdAt,
      type: LOG_TYPE.consume,
      content: `模型固定价格 ${plan.modelPrice.toFixed(2)}，分组倍率 ${plan.groupRatio.toFixed(2)}${ratioText}，操作 ${outcome.action}${idText}`,
      prompt_tokens: 0,
      completion_tokens: 0,
      token_name: caller.token.name ?? '',
      model_name: plan.model,
      quota: charged,
      channel_id: plan.channel.id,
      token_id: caller.token.id,
      use_time: Math.floor((now - outcome.startedAt) / 1000),
      is_stream: false,
      group: plan.group,
      other: JSON.stringify(other),
    },
  });
  return charged;
}
