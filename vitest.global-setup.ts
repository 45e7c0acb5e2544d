/**
 * Runs once before any test file: migrates one template database per configured dialect, which
 * `createTestDatabase` then clones for each test file instead of migrating a fresh one (a
 * PostgreSQL `CREATE DATABASE … TEMPLATE`, MySQL `CREATE TABLE … LIKE` per table, a SQLite file
 * copy). Migrating takes seconds per database on PostgreSQL and MySQL; a clone a fraction of it.
 * The templates are dropped when the run ends.
 */
import type { TestProject } from 'vitest/node';
import { buildServerForTests } from './apps/server/test/support/built-server.js';
import { createTemplateDatabases } from './apps/server/test/support/template-databases.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const templates = await createTemplateDatabases(process.env);
  project.provide('testDatabaseTemplates', templates.names);
  project.provide('serverEntry', buildServerForTests());
  return () => templates.drop();
}
