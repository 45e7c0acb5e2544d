/**
 * The subscription routes' messages, in new-api's wording where the reference quotes it (the
 * English wording is in http/api-subscription-messages-in-english.ts).
 */
export const PLAN_TITLE_EMPTY = '套餐标题不能为空';
export const PLAN_PRICE_OUT_OF_RANGE = '套餐价格必须在 0 到 9999 之间';
export const PLAN_PURCHASE_LIMIT_NEGATIVE = '购买上限不能为负数';
export const PLAN_TOTAL_AMOUNT_NEGATIVE = '总额度不能为负数';
export const PLAN_GROUP_MISSING = '升级分组不存在';
export const PLAN_RESET_SECONDS_INVALID = '自定义重置周期必须大于0';
export const PLAN_DURATION_SECONDS_INVALID = '自定义时长必须大于0';
export const PLAN_NOT_FOUND = '套餐不存在';
export const PLAN_DISABLED = '套餐未启用';
export const PURCHASE_LIMIT_REACHED = '已达到该套餐购买上限';
export const PLAN_PRICE_TOO_LOW = '套餐金额过低';
export const STRIPE_PRICE_MISSING = '该套餐未配置 StripePriceId';
export const STRIPE_NOT_READY = 'Stripe 未配置或密钥无效';
export const STRIPE_WEBHOOK_MISSING = 'Stripe Webhook 未配置';
export const STRIPE_PRICE_MISMATCH = 'Stripe 价格与套餐价格不一致';
export const CREEM_PRODUCT_MISSING = '该套餐未配置 CreemProductId';
export const SUBSCRIPTION_USER_NOT_FOUND = '用户不存在';
export const SUBSCRIPTION_NOT_FOUND = '订阅不存在';

/** The admin's notice when a new subscription moves its user to another group. */
export const groupUpgradeNotice = (group: string) => `用户分组将升级到 ${group}`;
/** The admin's notice when an ended subscription moves its user back. */
export const groupDowngradeNotice = (group: string) => `用户分组将回退到 ${group}`;
