import { RelayError } from '../errors/relay-error.js';
import { appliedLimits, type AppliedLimit, type SetLimits } from '../limits/applied-limits.js';
import type { RelayCaller } from './auth/relay-caller-cache.js';
import { groupDefaultLimits } from '../limits/group-limits.js';
import { LimitRefusal, type LimitAdmission } from '../limits/limit-engine.js';
import { accountLogRow, LOG_TYPE } from '../logs/log-writer.js';
import type { CallEstimate } from './admit-call.js';
import type { CallPlan } from './relay-call-context.js';
import type { RelayExchange } from './relay-exchange.js';
import type { RelayServices } from './relay-services.js';

/**
 * Reserves the call on the usage limits and budgets of its token, user and group, beside the
 * ledger's admission. Returns undefined at once, with no round trip and no allocation, when none
 * is set; else the admission, whose rate-limit headers are already on the answer. A refusal
 * throws a 429 `RelayError` (with `Retry-After`) and logs an error row.
 */
export function admitLimits(
  services: RelayServices,
  exchange: RelayExchange,
  plan: CallPlan,
  estimate: CallEstimate,
): Promise<LimitAdmission> | undefined {
  const { caller } = plan;
  const groupLimits = groupDefaultLimits(
    services.options.getJson('GroupLimits'),
    caller.user.group,
  );
  if (caller.tokenLimits === undefined && caller.user.limits === undefined && !groupLimits) {
    return undefined;
  }
  const applied = appliedLimitsOf(caller, groupLimits);
  const tokens = estimate.promptTokens + plan.facts.parsed.maxTokens;
  return services.limits
    .admit(
      applied,
      { tokens, quota: estimate.quota },
      { userId: caller.user.id, tokenId: caller.token.id },
    )
    .then(
      (admission) => {
        const headers = admission.headers();
        if (headers !== undefined) {
          for (const name in headers) exchange.response.setHeader(name, headers[name]);
        }
        return admission;
      },
      (error: unknown) => {
        if (!(error instanceof LimitRefusal)) throw error;
        logRefusal(services, plan, error);
        throw refusalError(error);
      },
    );
}

interface AppliedEntry {
  userLimits: SetLimits | undefined;
  groupLimits: SetLimits | undefined;
  applied: readonly AppliedLimit[];
}

/** The applied limits of each cached caller, kept while its user's and group's limits are the same. */
const appliedByCaller = new WeakMap<RelayCaller, AppliedEntry>();

function appliedLimitsOf(
  caller: RelayCaller,
  groupLimits: SetLimits | undefined,
): readonly AppliedLimit[] {
  const userLimits = caller.user.limits;
  const cached = appliedByCaller.get(caller);
  if (
    cached !== undefined &&
    cached.userLimits === userLimits &&
    cached.groupLimits === groupLimits
  ) {
    return cached.applied;
  }
  const applied = appliedLimits({
    tokenId: caller.token.id,
    tokenLimits: caller.tokenLimits,
    userId: caller.user.id,
    userLimits,
    groupLimits,
  });
  appliedByCaller.set(caller, { userLimits, groupLimits, applied });
  return applied;
}

const KIND_WORDS = {
  rpm: ['requests per minute', '次请求/分钟'],
  rpd: ['requests per day', '次请求/天'],
  tpm: ['tokens per minute', 'tokens/分钟'],
  tpd: ['tokens per day', 'tokens/天'],
  concurrency: ['concurrent calls', '个并发调用'],
  budget_day: ['quota per day', '额度/天'],
  budget_week: ['quota per week', '额度/周'],
  budget_month: ['quota per month', '额度/月'],
} as const;

const SCOPE_WORDS = { token: '令牌', user: '用户', group: '分组' } as const;

/**
 * The limit's 429, Chinese and English in one message as the relay's bilingual errors are (an
 * English-speaking client gets the part after `；`). Its type and code are Tollgate's own, never
 * an upstream's `rate_limit_exceeded`, and `x-tollgate-limit` names the limit in every format.
 */
export function refusalError(refusal: LimitRefusal): RelayError {
  const [english, chinese] = KIND_WORDS[refusal.kind];
  const resets =
    refusal.resetAt > 0 ? new Date(refusal.resetAt * 1000).toISOString().replace('.000', '') : '';
  const message =
    `${SCOPE_WORDS[refusal.scope]}限额已达到：${refusal.max} ${chinese}` +
    (resets ? `，将于 ${resets} 重置` : '') +
    `；${refusal.scope} limit reached: ${refusal.max} ${english}` +
    (resets ? `; resets at ${resets}` : '');
  const error = new RelayError(
    429,
    message,
    'tollgate_limit_error',
    `${refusal.scope}_${refusal.kind}_limit_exceeded`,
  );
  error.upstreamHeaders = {
    'retry-after': String(refusal.retryAfterSeconds),
    'x-tollgate-limit': refusal.code,
  };
  return error;
}

/** The error log row (type 5) of a refusal, written with the ledger's next group commit. */
function logRefusal(services: RelayServices, plan: CallPlan, refusal: LimitRefusal): void {
  const { caller } = plan;
  const row = accountLogRow({
    userId: caller.user.id,
    username: caller.user.username,
    type: LOG_TYPE.error,
    content: refusalError(refusal).message,
    createdAt: Math.floor(Date.now() / 1000),
    tokenId: caller.token.id,
  });
  row.token_name = caller.token.name ?? '';
  row.model_name = plan.model;
  row.group = plan.group;
  row.other = JSON.stringify({ limit_refusal: refusal.code });
  services.ledger.addLog(row);
}
