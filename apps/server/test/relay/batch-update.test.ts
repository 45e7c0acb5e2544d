import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';

describe('BATCH_UPDATE_ENABLED: settlements are summed in memory and flushed', () => {
  let fixture: RelayFixture;
  beforeAll(async () => {
    fixture = await createRelayFixture('sqlite', {
      BATCH_UPDATE_ENABLED: 'true',
      BATCH_UPDATE_INTERVAL: '3600',
    });
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('writes balances and counters only at flush, exactly matching the logs', async () => {
    const db = fixture.harness.runtime.context.database.db;
    const read = () =>
      db
        .selectFrom('users')
        .select(['quota', 'used_quota', 'request_count'])
        .where('id', '=', fixture.root.userId)
        .executeTakeFirstOrThrow();
    const before = await read();
    for (let index = 0; index < 3; index += 1) {
      await fixture.client.chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: `batched ${index}` }],
      });
    }
    await fixture.harness.runtime.context.relay.inFlight.idle();
    const pending = await read();
    expect(pending.request_count).toBe(before.request_count);

    await fixture.harness.runtime.context.relay.ledger.flush();
    const after = await read();
    const logs = await fixture.consumeLogs();
    const charged = logs.reduce((sum, log) => sum + Number(log.quota), 0);
    expect(Number(after.request_count) - Number(before.request_count)).toBe(3);
    expect(Number(before.quota) - Number(after.quota)).toBe(charged);
    expect(Number(after.used_quota) - Number(before.used_quota)).toBe(charged);
  });
});
