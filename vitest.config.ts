import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that run servers as child processes and wait on them (kill -9, lease expiry, rate windows)
 * start first: their waiting then overlaps the CPU-bound files instead of trailing the run alone
 * (on a clean clone vitest knows no durations and starts the largest files first).
 */
const PROCESS_TESTS = /\/apps\/server\/test\/(concurrency|leases)\//;

class ProcessTestsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const waiting = (file: TestSpecification) => PROCESS_TESTS.test(file.moduleId);
    return [...sorted.filter(waiting), ...sorted.filter((file) => !waiting(file))];
  }
}

export default defineConfig({
  resolve: {
    // Tests use the contracts' source, so they do not depend on a previous build of the package.
    alias: {
      '@tollgate/contracts': fileURLToPath(
        new URL('./packages/contracts/src/index.ts', import.meta.url),
      ),
      // The mock upstream's source too: a test file runs on a fresh clone without a build first.
      '@tollgate/mock-upstream': fileURLToPath(
        new URL('./tools/mock-upstream/src/index.ts', import.meta.url),
      ),
    },
  },
  test: {
    include: ['apps/**/*.test.ts', 'packages/**/*.test.ts', 'tools/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    // API tests start servers and databases while other files run beside them on two cores; the
    // defaults (5 s per test, 10 s per hook) fail a loaded machine's slow start, not a behaviour.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two files at a time (vitest's default on two cores is one): most API tests wait on
    // databases, sockets and child processes rather than the CPU.
    maxWorkers: 2,
    // A worker runs its files in one module graph: the server's source is imported once per
    // worker, not once per file (four times faster on two cores). Test files therefore share
    // module state: a test restores what it changes (process.env, options) and every server it
    // starts is closed in its afterAll.
    isolate: false,
    setupFiles: ['./vitest.worker-env.ts'],
    // Migrates one template database per dialect that test files copy.
    globalSetup: ['./vitest.global-setup.ts'],
    sequence: { sequencer: ProcessTestsFirst },
  },
});
