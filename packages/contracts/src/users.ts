import { z } from 'zod';
import { usageLimitsSchema } from './usage-limits.js';

/** Field limits of a user account (server-enforced; the console shows the same hints). */
export const USERNAME_MAX_LENGTH = 12;
export const DISPLAY_NAME_MAX_LENGTH = 20;
export const EMAIL_MAX_LENGTH = 50;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 20;

/** `POST /api/user/login` */
export const loginRequestSchema = z.object({
  username: z.string().default(''),
  password: z.string().default(''),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** `POST /api/user/register` (`password2` is checked by the console only). */
export const registerRequestSchema = z.object({
  username: z.string().default(''),
  password: z.string().default(''),
  password2: z.string().optional(),
  email: z.string().optional(),
  verification_code: z.string().optional(),
  aff_code: z.string().optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** `POST /api/user/` (admin creates a user). */
export const createUserRequestSchema = z.object({
  username: z.string().default(''),
  password: z.string().default(''),
  display_name: z.string().optional(),
  role: z.number().int().optional(),
  /** The user's own limits and budgets; absent or null = none (the group's defaults apply). */
  limits: usageLimitsSchema.nullable().optional(),
});
export type CreateUserRequest = z.infer<typeof createUserRequestSchema>;

/** `PUT /api/user/` (admin edits a user). Empty password keeps the old one. */
export const updateUserRequestSchema = z.object({
  id: z.number().int().positive(),
  username: z.string().optional(),
  display_name: z.string().optional(),
  password: z.string().optional(),
  group: z.string().optional(),
  quota: z.number().int().min(0).optional(),
  role: z.number().int().optional(),
  email: z.string().optional(),
  /** Absent = keep; null or {} = none of the user's own (the group's defaults apply). */
  limits: usageLimitsSchema.nullable().optional(),
});
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

/** `PUT /api/user/self`. Empty password keeps the old one. */
export const updateSelfRequestSchema = z.object({
  username: z.string().optional(),
  display_name: z.string().optional(),
  password: z.string().optional(),
  original_password: z.string().optional(),
});
export type UpdateSelfRequest = z.infer<typeof updateSelfRequestSchema>;

export const manageUserActions = ['promote', 'demote', 'disable', 'enable', 'delete'] as const;
export type ManageUserAction = (typeof manageUserActions)[number];

/** `POST /api/user/manage`. */
export const manageUserRequestSchema = z.object({
  id: z.number().int().positive(),
  action: z.enum(manageUserActions),
});
export type ManageUserRequest = z.infer<typeof manageUserRequestSchema>;

/** `POST /api/setup`. */
export const setupRequestSchema = z.object({
  username: z.string().default(''),
  password: z.string().default(''),
  confirmPassword: z.string().default(''),
  SelfUseModeEnabled: z.boolean().default(false),
  DemoSiteEnabled: z.boolean().default(false),
  /**
   * The address users reach the console at (option `ServerAddress`: links in mails, drawing
   * images, payment returns). The console's wizard sends its own origin; absent or blank keeps
   * the stored value (other consoles do not send it).
   */
  ServerAddress: z.string().optional(),
});
export type SetupRequest = z.infer<typeof setupRequestSchema>;

/** `GET /api/verification?email=&turnstile=` and `GET /api/reset_password?email=&turnstile=`. */
export const emailQuerySchema = z.object({
  email: z.string().default(''),
});
export type EmailQuery = z.infer<typeof emailQuerySchema>;

/** `POST /api/user/reset`: the address and token of a reset link; `data` is the new password. */
export const passwordResetRequestSchema = z.object({
  email: z.string().default(''),
  token: z.string().default(''),
});
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** `GET /api/oauth/email/bind?email=&code=`: the code mailed by `/api/verification`. */
export const emailBindQuerySchema = z.object({
  email: z.string().default(''),
  code: z.string().default(''),
});
export type EmailBindQuery = z.infer<typeof emailBindQuerySchema>;
