import type { TestDatabaseKind } from '../support/test-databases.js';
import { createTaskFixture, type TaskFixture } from './task-fixture.js';

/** The task fixture with an OpenAI channel serving Sora and an Azure one serving `sora-2-pro`. */
export interface VideoFixture extends TaskFixture {
  soraChannelId: number;
  azureChannelId: number;
  /** Quota per unit of price (USD). */
  quotaPerUnit: number;
  /** The `tasks` row of a public id. */
  taskRow(publicId: string): Promise<Record<string, unknown>>;
}

export async function createVideoFixture(
  kind: TestDatabaseKind,
  env: Record<string, string> = {},
): Promise<VideoFixture> {
  const fixture = await createTaskFixture(kind, env);
  const soraChannelId = await fixture.addChannel({
    name: 'sora',
    type: 1,
    key: 'sora-upstream-key',
    models: 'sora-2',
  });
  const azureChannelId = await fixture.addChannel({
    name: 'azure-sora',
    type: 3,
    key: 'azure-upstream-key',
    models: 'sora-2-pro',
    other: '2025-04-01-preview',
  });
  const options = fixture.harness.runtime.context.options;
  return {
    ...fixture,
    soraChannelId,
    azureChannelId,
    quotaPerUnit: options.getNumber('QuotaPerUnit'),
    taskRow: async (publicId) =>
      fixture.harness.runtime.context.database.db
        .selectFrom('tasks')
        .selectAll()
        .where('task_id', '=', publicId)
        .executeTakeFirstOrThrow(),
  };
}
