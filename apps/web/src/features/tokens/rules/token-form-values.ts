import {
  TOKEN_NAME_MAX_BYTES,
  type CreateTokenRequest,
  type Token,
  type UsageLimits,
} from '@tollgate/contracts';
import {
  emptyLimitTexts,
  limitsToSend,
  limitTextsOf,
  readLimitTexts,
  type LimitTexts,
} from '../../../lib/usage-limits';
import { batchNamesFit, nameByteLength, parseTokenCount } from './batch-count';
import { expiryTextOf, parseExpiryText } from './expiry';
import { defaultTokenGroup } from './group-options';
import { defaultTokenQuota, parseQuotaText } from './quota-presets';

/** What the token form edits; texts stay texts until submit so every rule reports its message. */
export interface TokenFormValues {
  name: string;
  /** Local date-time text; '' = never expires. */
  expiry: string;
  remainQuota: string;
  unlimited: boolean;
  /** How many tokens to create (create only). */
  count: string;
  modelLimitsEnabled: boolean;
  modelLimits: string[];
  /** One IP address or CIDR range per line; empty = any address. */
  allowIps: string;
  /** '' = the user's own group. */
  group: string;
  /** Limits and budgets, one text per kind ('' = no limit of the token's own). */
  limits: LimitTexts;
}

/**
 * The token fields both `POST` and `PUT /api/token/` carry; `limits` only when one is set or was
 * changed, so the body of a token without limits stays new-api's body.
 */
export type TokenFields = Omit<CreateTokenRequest, 'count'> & { limits?: UsageLimits };

/** Translation keys (namespace `tokens`, under `form.errors`) of the form's refusals. */
export type TokenFormProblem =
  | 'nameRequired'
  | 'nameTooLong'
  | 'batchNameTooLong'
  | 'expiryFormat'
  | 'quotaInvalid'
  | 'countInvalid'
  | 'countTooMany'
  | 'limitInvalid';

export type TokenFormResult =
  | { ok: true; fields: TokenFields; count: number }
  | {
      ok: false;
      field: keyof TokenFormValues | ['limits', keyof LimitTexts];
      problem: TokenFormProblem;
    };

/** A new token: one dollar of quota, never expires, one token, the site's default group. */
export function newTokenFormValues(
  quotaPerUnit: number,
  defaultUseAutoGroup: boolean,
): TokenFormValues {
  return {
    name: '',
    expiry: '',
    remainQuota: String(defaultTokenQuota(quotaPerUnit)),
    unlimited: false,
    count: '1',
    modelLimitsEnabled: false,
    modelLimits: [],
    allowIps: '',
    group: defaultTokenGroup(defaultUseAutoGroup),
    limits: emptyLimitTexts(),
  };
}

/** The form values of a stored token. */
export function tokenFormValuesOf(
  token: Omit<Token, 'limits'> & { limits?: UsageLimits | null },
): TokenFormValues {
  return {
    name: token.name,
    expiry: expiryTextOf(token.expired_time),
    remainQuota: String(token.remain_quota),
    unlimited: token.unlimited_quota,
    count: '1',
    modelLimitsEnabled: token.model_limits_enabled,
    modelLimits: token.model_limits.split(',').filter((model) => model.trim() !== ''),
    allowIps: token.allow_ips,
    group: token.group,
    limits: limitTextsOf(token.limits),
  };
}

function fail(
  field: keyof TokenFormValues | ['limits', keyof LimitTexts],
  problem: TokenFormProblem,
): TokenFormResult {
  return { ok: false, field, problem };
}

/**
 * Checks the form (spec part 2 §5 "Token form") and builds the request fields: a name is required
 * when creating, the expiry must be a date, the quota a whole number (ignored while unlimited), the
 * quantity a positive integer, and every name of a batch must fit the 30-byte limit; each limit is
 * empty or a whole number. `storedLimits` are the token's limits before the edit (none for a new one).
 */
export function readTokenForm(
  values: TokenFormValues,
  mode: 'create' | 'edit',
  storedLimits?: UsageLimits,
): TokenFormResult {
  const name = values.name.trim();
  if (mode === 'create' && name === '') return fail('name', 'nameRequired');
  if (nameByteLength(name) > TOKEN_NAME_MAX_BYTES) return fail('name', 'nameTooLong');

  const expiredTime = parseExpiryText(values.expiry);
  if (expiredTime === null) return fail('expiry', 'expiryFormat');

  const quota = parseQuotaText(values.remainQuota);
  if (quota === null && !values.unlimited) return fail('remainQuota', 'quotaInvalid');

  let count = 1;
  if (mode === 'create') {
    const parsed = parseTokenCount(values.count);
    if (!parsed.ok)
      return fail('count', parsed.problem === 'tooMany' ? 'countTooMany' : 'countInvalid');
    count = parsed.count;
    if (!batchNamesFit(name, count)) return fail('name', 'batchNameTooLong');
  }

  const limits = readLimitTexts(values.limits);
  if (!limits.ok) return fail(['limits', limits.kind], 'limitInvalid');
  const sentLimits = limitsToSend(limits.limits, storedLimits);

  return {
    ok: true,
    count,
    fields: {
      name,
      expired_time: expiredTime,
      remain_quota: quota ?? 0,
      unlimited_quota: values.unlimited,
      model_limits_enabled: values.modelLimitsEnabled,
      model_limits: values.modelLimits.join(','),
      allow_ips: values.allowIps,
      group: values.group,
      ...(sentLimits === undefined ? {} : { limits: sentLimits }),
    },
  };
}
