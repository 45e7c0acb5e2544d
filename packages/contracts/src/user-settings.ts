import { z } from 'zod';

/** How a user's notifications (quota warnings, and for root channel alerts) are delivered. */
export const NOTIFY_TYPES = ['email', 'webhook'] as const;
export type NotifyType = (typeof NOTIFY_TYPES)[number];

/**
 * `PUT /api/user/setting`: replaces the whole user setting (reference §12.1). Fields are read
 * leniently (the server answers each rule with its own message); an empty `webhook_secret` with
 * the webhook type keeps the stored secret, which the server never sends back.
 */
export const updateUserSettingRequestSchema = z.object({
  notify_type: z.string().default(''),
  quota_warning_threshold: z.number().default(0),
  webhook_url: z.string().default(''),
  webhook_secret: z.string().default(''),
  notification_email: z.string().default(''),
  accept_unset_model_ratio_model: z.boolean().default(false),
});
export type UpdateUserSettingRequest = z.infer<typeof updateUserSettingRequestSchema>;

/** `POST /api/user/aff_transfer`: moves invitation reward (`aff_quota`) into the balance. */
export const affTransferRequestSchema = z.object({
  quota: z.number().int(),
});
export type AffTransferRequest = z.infer<typeof affTransferRequestSchema>;

/**
 * The body of a webhook notification: `content` keeps its `{{value}}` placeholders and `values`
 * holds what goes into them, in order. `timestamp` is in unix seconds.
 */
export interface WebhookNotificationBody {
  type: string;
  title: string;
  content: string;
  values: unknown[];
  timestamp: number;
}

/** The placeholder each entry of `values` replaces, first to last. */
export const NOTIFICATION_VALUE_PLACEHOLDER = '{{value}}';
