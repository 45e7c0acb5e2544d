import { z } from 'zod';

/**
 * Two-factor sign-in (TOTP). Routes as later new-api versions name them:
 * `GET /api/user/2fa/status`, `POST /api/user/2fa/{setup,enable,disable,backup_codes}`,
 * `POST /api/user/login/2fa`, admin `DELETE /api/user/:id/2fa`.
 */

/** Body of the routes that take a code: a TOTP code, or a backup code where one is accepted. */
export const twoFactorCodeRequestSchema = z.object({
  code: z.string().max(64).default(''),
});
export type TwoFactorCodeRequest = z.infer<typeof twoFactorCodeRequestSchema>;

/** `GET /api/user/2fa/status` data. */
export interface TwoFactorStatusData {
  enabled: boolean;
  /** A setup was started and not yet confirmed. */
  pending: boolean;
  backup_codes_remaining: number;
}

/** `POST /api/user/2fa/setup` data (shown once). */
export interface TwoFactorSetupData {
  /** Base32 secret, for typing into an authenticator by hand. */
  secret: string;
  /** `otpauth://totp/...` URI, drawn as a QR code. */
  qr_code_data: string;
}

/** `POST /api/user/2fa/enable` and `/backup_codes` data: the new backup codes (shown once). */
export interface TwoFactorBackupCodesData {
  backup_codes: string[];
}

/**
 * `POST /api/user/login` data when the password was right and a second factor is needed: no
 * session yet; the code goes to `POST /api/user/login/2fa`.
 */
export interface TwoFactorRequiredData {
  require_2fa: true;
}
