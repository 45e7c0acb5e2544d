import {
  REDEMPTION_BATCH_MAX_COUNT,
  REDEMPTION_QUOTA_MAX,
  type CreateRedemptionRequest,
} from '@tollgate/contracts';
import type { QuotaDisplay } from '../../../lib/quota-format';
import { codeNameFits, defaultCodeName } from './code-name';

/** Quota and count of a new code (spec part 2 §9: quota 100000, count 1). */
export const defaultCodeQuota = 100000;
export const defaultCodeCount = 1;

/** What the form edits; texts stay texts until submit so every rule reports its own message. */
export interface RedemptionFormValues {
  name: string;
  quota: string;
  /** How many codes to create (create only). */
  count: string;
}

/** The fields both `POST` and `PUT /api/redemption/` carry. */
export type RedemptionFields = Pick<CreateRedemptionRequest, 'name' | 'quota'>;

/** Translation keys (namespace `redemptions`, under `form.errors`) of the form's refusals. */
export type RedemptionFormProblem = 'nameLength' | 'quotaInvalid' | 'countInvalid' | 'countTooMany';

export type RedemptionFormResult =
  | { ok: true; fields: RedemptionFields; count: number }
  | { ok: false; field: keyof RedemptionFormValues; problem: RedemptionFormProblem };

export function newRedemptionFormValues(): RedemptionFormValues {
  return { name: '', quota: String(defaultCodeQuota), count: String(defaultCodeCount) };
}

/** The form values of a stored code. */
export function redemptionFormValuesOf(code: {
  name: string;
  quota: number;
}): RedemptionFormValues {
  return { name: code.name, quota: String(code.quota), count: String(defaultCodeCount) };
}

/** A whole number typed in a field (no sign, no decimals); `null` when unreadable. */
function parseWholeNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const number = Number(trimmed);
  return Number.isSafeInteger(number) ? number : null;
}

/** The quota field: a whole number from 0 up to what the database column holds. */
export function parseCodeQuota(text: string): number | null {
  const quota = parseWholeNumber(text);
  return quota !== null && quota <= REDEMPTION_QUOTA_MAX ? quota : null;
}

function fail(field: keyof RedemptionFormValues, problem: RedemptionFormProblem) {
  return { ok: false, field, problem } as const;
}

/**
 * Checks the form and builds the request (spec part 2 §5 "Redemption form", reference §9.1): the
 * quota is a whole number; a new code without a name is named after its quota; the name is 1 to 20
 * UTF-8 bytes (the server's rule, checked here first so the message shows at the field); 1 to 100
 * codes per create call.
 */
export function readRedemptionForm(
  values: RedemptionFormValues,
  mode: 'create' | 'edit',
  display?: QuotaDisplay,
): RedemptionFormResult {
  const quota = parseCodeQuota(values.quota);
  if (quota === null) return fail('quota', 'quotaInvalid');

  const typed = values.name.trim();
  const name = mode === 'create' && typed === '' ? defaultCodeName(quota, display) : typed;
  if (!codeNameFits(name)) return fail('name', 'nameLength');

  let count = defaultCodeCount;
  if (mode === 'create') {
    const parsed = parseWholeNumber(values.count);
    if (parsed === null || parsed < 1) return fail('count', 'countInvalid');
    if (parsed > REDEMPTION_BATCH_MAX_COUNT) return fail('count', 'countTooMany');
    count = parsed;
  }
  return { ok: true, fields: { name, quota }, count };
}
