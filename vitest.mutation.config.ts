/**
 * The tests Stryker runs for `npm run mutation` (tools/mutation/stryker.config.mjs): the unit and
 * integration tests of the trust-critical folders, on SQLite only. The base config's aliases and
 * global setup are kept; the server databases and Redis are switched off so that every mutant
 * runs the same fast, local tests whatever the shell exports.
 */
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

for (const name of [
  'TEST_POSTGRES_DSN',
  'TEST_MYSQL_DSN',
  'TEST_REDIS_URL',
  'TEST_ALL_DATABASES',
]) {
  delete process.env[name];
}

const server = 'apps/server';

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    // Only the SQLite template: the process tests' server build is not needed here.
    globalSetup: ['./tools/mutation/vitest-global-setup.ts'],
    // The unit and integration tests of the mutated folders. The console API tests (test/api/)
    // are left out: each starts a whole server, and a mutant they cover reruns that start (5 to
    // 10 s a mutant on two shared cores, against well under one for a unit test); the score
    // therefore says what the folders' own tests check.
    include: [
      // billing/: the tests of the ledger, holds and settlement formulas (the price tables and
      // the token counter are not mutated).
      `${server}/src/billing/exact-decimal.test.ts`,
      `${server}/src/billing/lease-size.test.ts`,
      `${server}/src/billing/pre-consume.test.ts`,
      `${server}/src/billing/quota-formula*.test.ts`,
      `${server}/src/billing/ledger-*.test.ts`,
      `${server}/src/billing/quota-ledger.test.ts`,
      `${server}/src/billing/hold*.test.ts`,
      `${server}/src/billing/subscription-*.test.ts`,
      `${server}/test/billing/**/*.test.ts`,
      `${server}/src/payments/**/*.test.ts`,
      `${server}/src/redemptions/**/*.test.ts`,
      `${server}/src/accounts/accounts.test.ts`,
      `${server}/src/accounts/secret-box.test.ts`,
      `${server}/src/accounts/signed-cookies.test.ts`,
      `${server}/src/accounts/oauth/**/*.test.ts`,
      `${server}/src/accounts/two-factor/**/*.test.ts`,
      `${server}/src/relay/auth/**/*.test.ts`,
      `${server}/src/tokens/**/*.test.ts`,
      `${server}/src/tasks/task-*.test.ts`,
      // Not test/tasks/refund-once.test.ts: it starts a whole server, which the ledger's mutants
      // (it reaches them all) would rerun each time; task-billing.test.ts refunds directly.
    ],
  },
});
