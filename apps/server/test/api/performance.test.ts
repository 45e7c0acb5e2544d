import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPasswordUser, manageUser } from '../support/oauth-harness.js';
import {
  businessFailure,
  createTestApp,
  REFUSED,
  type Session,
  type TestApp,
} from '../support/test-app.js';

const number = expect.any(Number);

describe('performance page', () => {
  let harness: TestApp;
  let root: Session;
  let admin: Session;

  beforeAll(async () => {
    harness = await createTestApp('sqlite');
    root = await harness.setupRoot();
    const adminId = await createPasswordUser(harness, root, 'perfadmin');
    await manageUser(harness, root, adminId, 'promote');
    admin = await harness.login('perfadmin', 'password123');
  });
  afterAll(async () => {
    await harness?.close();
  });

  it("answers this process's figures", async () => {
    const body = (await harness.call(root, 'GET', '/api/performance/stats')).json();
    expect(body.success).toBe(true);
    expect(body.data).toEqual({
      process: {
        uptime_seconds: number,
        pid: process.pid,
        hostname: expect.any(String),
        worker_index: null,
        node_version: process.version,
        memory: {
          rss: number,
          heap_used: number,
          heap_total: number,
          external: number,
          array_buffers: number,
        },
        cpu: { user_ms: number, system_ms: number },
        event_loop: { delay_p50_ms: number, delay_p99_ms: number, utilization: number },
      },
      gc: {
        count: number,
        total_ms: number,
        last_at: expect.toSatisfy((v) => v === null || typeof v === 'number'),
      },
      caches: [
        { name: 'channels', entries: 0 },
        { name: 'callers', entries: number },
        { name: 'responses', entries: 0, bytes: 0 },
      ],
      system: {
        cpus: number,
        load_avg: expect.any(Array),
        total_memory: number,
        free_memory: number,
      },
      requests: { count: number, errors: number, since: number },
    });
  });

  it('counts requests since the last reset', async () => {
    // inject() goes around the HTTP server, so count through a real request.
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    const address = harness.app.server.address() as { port: number };
    const reset = await harness.call(root, 'POST', '/api/performance/reset_stats');
    expect(reset.json().success).toBe(true);
    const answer = await fetch(`http://127.0.0.1:${address.port}/api/status`);
    await answer.arrayBuffer();
    const body = (await harness.call(root, 'GET', '/api/performance/stats')).json();
    expect(body.data.requests).toMatchObject({ count: 1, errors: 0 });
  });

  it('refuses a forced collection without --expose-gc, and has no log files or disk cache', async () => {
    const gc = (await harness.call(root, 'POST', '/api/performance/gc')).json();
    if (typeof (globalThis as { gc?: unknown }).gc === 'function') expect(gc.success).toBe(true);
    else
      expect(gc).toMatchObject({ success: false, message: expect.stringContaining('--expose-gc') });
    expect((await harness.call(root, 'GET', '/api/performance/logs')).json().data).toEqual([]);
    expect((await harness.call(root, 'DELETE', '/api/performance/logs')).json().data).toBe(0);
    expect((await harness.call(root, 'DELETE', '/api/performance/disk_cache')).json()).toEqual({
      success: true,
      message: '',
      data: 0,
    });
  });

  it('refuses everyone but root (a role refusal is a business failure, as in new-api)', async () => {
    for (const [method, path] of [
      ['GET', '/api/performance/stats'],
      ['POST', '/api/performance/reset_stats'],
      ['POST', '/api/performance/gc'],
      ['GET', '/api/performance/logs'],
      ['DELETE', '/api/performance/logs'],
      ['DELETE', '/api/performance/disk_cache'],
    ] as const) {
      expect(businessFailure(await harness.call(admin, method, path)), path).toEqual(REFUSED);
      expect((await harness.call(undefined, method, path)).statusCode, path).toBe(401);
    }
  });
});
