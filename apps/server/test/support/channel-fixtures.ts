import type { Session, TestApp } from './test-app.js';

/** The credential test channels are created with; no response body may ever contain it. */
export const CHANNEL_SECRET = 'sk-very-secret-credential';

/** Small helpers for the channel API suites: create through the API, inspect the database. */
export function channelFixtures(harness: () => TestApp, session: () => Session) {
  const db = () => harness().runtime.context.database.db;

  /** `POST /api/channel/` with the secret key and one model unless overridden; returns the body. */
  async function create(channel: Record<string, unknown>, mode?: string) {
    const response = await harness().call(session(), 'POST', '/api/channel/', {
      ...(mode ? { mode } : {}),
      channel: { key: CHANNEL_SECRET, models: 'gpt-4o', ...channel },
    });
    return response.json();
  }

  async function idsNamed(name: string): Promise<number[]> {
    const rows = await db()
      .selectFrom('channels')
      .select('id')
      .where('name', '=', name)
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** The channel's ability rows, normalised across dialects, ordered by group then model. */
  async function abilitiesOf(channelId: number) {
    const rows = await db()
      .selectFrom('abilities')
      .selectAll()
      .where('channel_id', '=', channelId)
      .orderBy('group')
      .orderBy('model')
      .execute();
    return rows.map((row) => ({
      group: row.group,
      model: row.model,
      enabled: Boolean(row.enabled),
      priority: Number(row.priority),
      weight: Number(row.weight),
      tag: row.tag,
    }));
  }

  return { db, create, idsNamed, abilitiesOf };
}
