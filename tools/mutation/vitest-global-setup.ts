/**
 * The global setup of the mutation runs (vitest.mutation.config.ts): the migrated SQLite template
 * that `createTestDatabase` copies, and nothing else. The everyday suite's setup also builds the
 * server for the process tests, which the mutation runs do not include; every Stryker run would
 * pay for that build in its fresh sandbox.
 */
import type { TestProject } from 'vitest/node';
import { createTemplateDatabases } from '../../apps/server/test/support/template-databases.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const templates = await createTemplateDatabases(process.env);
  project.provide('testDatabaseTemplates', templates.names);
  return () => templates.drop();
}
