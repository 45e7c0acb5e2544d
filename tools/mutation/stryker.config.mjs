/**
 * Mutation testing of the trust-critical server code (`npm run mutation`, not part of `npm test`).
 * Stryker changes one operator, condition or literal at a time in the files listed in `mutate`
 * and runs the tests that cover it: a change no test notices ("survived") is behaviour nothing
 * checks. tools/mutation/score-by-folder.mjs then prints the score per folder.
 *
 * Scope and every exclusion, with its reason: docs/testing.md, "Mutation testing". A file left out
 * of `mutate` below carries its reason next to it.
 */
const src = 'apps/server/src';
/**
 * Where the reports go (MUTATION_REPORT_DIR, default reports/mutation). Two runs of different
 * folders side by side each need their own, with MUTATION_TEMP_DIR for their own sandboxes.
 */
const reportDir = process.env.MUTATION_REPORT_DIR ?? 'reports/mutation';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  // Only the tests that execute a mutant run for it.
  coverageAnalysis: 'perTest',
  mutate: [
    // Billing: the ledger, holds and settlement.
    `${src}/billing/quota-ledger.ts`,
    `${src}/billing/ledger-writer.ts`,
    `${src}/billing/ledger-commit.ts`,
    `${src}/billing/ledger-batch.ts`,
    `${src}/billing/ledger-refusals.ts`,
    `${src}/billing/lease-size.ts`,
    `${src}/billing/locking-transaction.ts`,
    `${src}/billing/held-quota.ts`,
    `${src}/billing/credit-user-quota.ts`,
    `${src}/billing/hold-reclaimer.ts`,
    `${src}/billing/ledger-pools.ts`,
    `${src}/billing/subscription-resets.ts`,
    `${src}/billing/subscription-periods.ts`,
    `${src}/billing/pre-consume.ts`,
    `${src}/billing/quota-formula.ts`,
    `${src}/billing/exact-decimal.ts`,
    // Left out of billing/: price-resolution, completion-ratio, audio-ratio and model-names pick a
    // price (catalogue lookups, not movements of quota); token-counter and token-encoders estimate
    // tokens before a call; consume-log-content and format-quota write log text; index.ts only
    // re-exports.

    // Payments: Epay signatures, notifications, orders and quotes.
    `${src}/payments/**/*.ts`,
    // Redemptions. Left out: redemption-dto.ts (copies columns into the API shape, no decision).
    `${src}/redemptions/**/*.ts`,
    `!${src}/redemptions/redemption-dto.ts`,
    // Accounts: sessions, OAuth, two-factor, passwords (and the box sealing two-factor secrets).
    `${src}/accounts/session-cookie.ts`,
    `${src}/accounts/signed-payload.ts`,
    `${src}/accounts/access-tokens.ts`,
    `${src}/accounts/passwords.ts`,
    `${src}/accounts/secret-box.ts`,
    `${src}/accounts/oauth/**/*.ts`,
    // Left out: identity-providers.ts is a table of constants (each provider's column, switch and
    // messages); every mutant of it is static (see ignoreStatic below), and no unit test loads it.
    `!${src}/accounts/oauth/identity-providers.ts`,
    `${src}/accounts/two-factor/**/*.ts`,
    // Left out of accounts/: turnstile.ts (the bot check), email-code-store.ts (email codes) and
    // user-setting.ts (notification preferences) are outside the list.

    // Relay authentication and token rules. Left out: token-dto.ts (copies columns, no decision).
    `${src}/relay/auth/**/*.ts`,
    `${src}/tokens/**/*.ts`,
    `!${src}/tokens/token-dto.ts`,
    // Tasks: what a task is charged and its refund.
    `${src}/tasks/task-billing.ts`,
    `${src}/tasks/task-refund.ts`,
    // Tests are never mutated.
    `!${src}/**/*.test.ts`,
  ],
  // Exclusion: static mutants (a module-level constant, evaluated once when the module is
  // imported) cannot be switched on per test; each one reloads the whole server and reruns every
  // test. On this machine they were 3 % of the mutants and 72 % of the run time. Stryker lists
  // them as "Ignored" in the report; the constants they would change are the option limits and
  // lifetimes that the tests name directly.
  ignoreStatic: true,
  // Two cores are shared with the rest of the machine: one test process at a time.
  concurrency: 1,
  // A mutant that makes a loop endless is stopped after this (on top of the dry run's time).
  timeoutMS: 5_000,
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: `${reportDir}/mutation.json` },
  htmlReporter: { fileName: `${reportDir}/mutation.html` },
  tempDirName: process.env.MUTATION_TEMP_DIR ?? '.stryker-tmp',
  // The sandbox needs the server, the contracts and the test support, not the console or built files.
  ignorePatterns: [
    // Other runs' sandboxes (two folders measured side by side).
    '.stryker-tmp*',
    'apps/web',
    'e2e',
    'bench',
    'docs',
    'reports',
    '**/dist',
    'coverage',
    'test-output',
    'data',
  ],
  // score-by-folder.mjs decides per folder; Stryker's own total does not fail the run.
  thresholds: { high: 80, low: 60, break: null },
};
