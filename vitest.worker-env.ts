/**
 * Runs in each vitest worker before its test files. Two workers run files side by side, and
 * servers under test cache users, tokens and channels in Redis under keys like `user:1`: two
 * files on one Redis database would read each other's rows. Each worker therefore gets its own
 * database, counting down from the one `TEST_REDIS_URL` names (worker 1 keeps it).
 */
const configured = process.env.TEST_REDIS_URL;
const worker = Number(process.env.VITEST_POOL_ID ?? '1');
if (configured && Number.isInteger(worker) && worker > 1) {
  const url = new URL(configured);
  const base = Number(url.pathname.slice(1) || '0');
  url.pathname = `/${(((base - (worker - 1)) % 16) + 16) % 16}`;
  process.env.TEST_REDIS_URL = url.toString();
}
