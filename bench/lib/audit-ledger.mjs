// After the load, every Tollgate target must account for each quota unit it charged: what the
// token spent, what it has left and what it started with agree; the user's balance moved by the
// same amount; and, with consume logging on, the logged charges add up to the same sum. A gateway
// that drops or invents quota under saturation, streams cut short or worker processes racing
// fails here, whatever its throughput.
import { TOKEN_QUOTA } from './seed-tollgate.mjs';

async function getData(target, path) {
  const { cookie, userId } = target.session;
  const response = await globalThis.fetch(`${target.origin}${path}`, {
    headers: { cookie, 'new-api-user': String(userId) },
    signal: globalThis.AbortSignal.timeout(15_000),
  });
  const body = await response.json();
  if (!response.ok || body?.success !== true) {
    throw new Error(`${target.label} ${path}: HTTP ${response.status} ${JSON.stringify(body)}`);
  }
  return body.data;
}

/** The balances the audit compares, read through the console API. */
export async function readAccounts(target) {
  const user = await getData(target, '/api/user/self');
  const tokens = await getData(target, '/api/token/?p=0&size=10');
  const token = (Array.isArray(tokens) ? tokens : (tokens?.items ?? [])).find(
    (row) => row?.name === 'bench',
  );
  const stat =
    target.logConsume === false ? undefined : await getData(target, '/api/log/stat?type=2');
  return {
    userQuota: user.quota,
    userUsedQuota: user.used_quota,
    tokenRemainQuota: token?.remain_quota,
    tokenUsedQuota: token?.used_quota,
    loggedQuota: stat?.quota,
  };
}

/**
 * Compares the accounts after the run with those recorded right after seeding (`target.seeded`);
 * the caller lets deferred writes (settlements, log batches) land first.
 */
export async function auditLedger(target) {
  const before = target.seeded;
  const after = await readAccounts(target);
  const charged = after.tokenUsedQuota - before.tokenUsedQuota;
  const problems = [];
  if (after.tokenRemainQuota + after.tokenUsedQuota !== TOKEN_QUOTA) {
    problems.push(
      `token: remaining ${after.tokenRemainQuota} + used ${after.tokenUsedQuota} ≠ ${TOKEN_QUOTA}`,
    );
  }
  const userSpent = after.userUsedQuota - before.userUsedQuota;
  const userLost = before.userQuota - after.userQuota;
  if (userSpent !== charged || userLost !== charged) {
    problems.push(
      `user: used quota grew by ${userSpent} and balance fell by ${userLost}, the token was charged ${charged}`,
    );
  }
  if (
    after.loggedQuota !== undefined &&
    after.loggedQuota - (before.loggedQuota ?? 0) !== charged
  ) {
    problems.push(`consume logs add up to ${after.loggedQuota}, the token was charged ${charged}`);
  }
  return { charged, exact: problems.length === 0, problems };
}
