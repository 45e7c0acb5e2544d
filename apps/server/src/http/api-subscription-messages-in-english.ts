import type { MessageTemplates } from '../errors/message-templates.js';

/**
 * The English wording of the subscription routes' messages (`/api/subscription/…`,
 * subscriptions/subscription-messages.ts); part of the resource table.
 */
export const SUBSCRIPTION_MESSAGES_IN_ENGLISH: MessageTemplates = [
  [/^套餐标题不能为空$/, 'The plan title must not be empty'],
  [/^套餐价格必须在 0 到 9999 之间$/, 'The plan price must be between 0 and 9999'],
  [/^购买上限不能为负数$/, 'The purchase limit must not be negative'],
  [/^总额度不能为负数$/, 'The quota per period must not be negative'],
  [/^升级分组不存在$/, 'The upgrade group does not exist'],
  [/^自定义重置周期必须大于0$/, 'The custom reset period must be greater than 0'],
  [/^自定义时长必须大于0$/, 'The custom duration must be greater than 0'],
  [/^套餐不存在$/, 'The plan does not exist'],
  [/^套餐未启用$/, 'The plan is not enabled'],
  [/^已达到该套餐购买上限$/, 'The purchase limit of this plan has been reached'],
  [/^套餐金额过低$/, 'The plan price is too low'],
  [/^该套餐未配置 StripePriceId$/, 'This plan has no Stripe price ID'],
  [/^Stripe 未配置或密钥无效$/, 'Stripe is not configured or its secret key is invalid'],
  [/^Stripe Webhook 未配置$/, 'The Stripe webhook is not configured'],
  [/^Stripe 价格与套餐价格不一致$/, "The Stripe price does not match the plan's price"],
  [/^该套餐未配置 CreemProductId$/, 'This plan has no Creem product ID'],
  [/^订阅不存在$/, 'The subscription does not exist'],
  [/^用户分组将升级到 (.*)$/s, "The user's group will be upgraded to $1"],
  [/^用户分组将回退到 (.*)$/s, "The user's group will be reverted to $1"],
];
