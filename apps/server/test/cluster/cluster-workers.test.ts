import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { request } from 'node:http';
import { createMockUpstream } from '@tollgate/mock-upstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../support/server-processes.js';
import { createTestDatabase, type TestDatabase } from '../support/test-databases.js';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One request on a connection of its own: the cluster hands connections to its workers in turn,
 * so a series of these reaches every worker (a keep-alive client would stay on one).
 */
function fresh(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const outgoing = request(
      url,
      {
        method: options.method ?? 'GET',
        agent: false,
        headers: {
          connection: 'close',
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
      },
      (incoming) => {
        let body = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => (body += chunk));
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** The files a process holds open (Linux). */
function openFiles(pid: number): string[] {
  return readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
    try {
      return [readlinkSync(`/proc/${pid}/fd/${fd}`)];
    } catch {
      return [];
    }
  });
}

/** The primary's worker processes (other children, such as tsx's compiler service, left out). */
function workerPids(primaryPid: number): number[] {
  const output = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(primaryPid)], {
    encoding: 'utf8',
  });
  return output
    .split('\n')
    .filter((line) => /main\.(ts|js)\b/.test(line))
    .map((line) => Number(line.trim().split(/\s+/)[0]))
    .filter((pid) => pid > 0);
}

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('WORKERS=2: two worker processes behind one port act as one server', () => {
  let database: TestDatabase;
  let mock: Awaited<ReturnType<typeof createMockUpstream>>;
  let server: ServerProcess;
  let session: Record<string, string> = {};

  beforeAll(async () => {
    mock = await createMockUpstream();
    database = await createTestDatabase('sqlite', { migrate: false });
    // No SESSION_SECRET: the primary must hand its generated one to both workers.
    server = await startServerProcess({
      SQLITE_PATH: database.sqlitePath,
      SESSION_SECRET: '',
      WORKERS: '2',
      METRICS_ENABLED: 'true',
      GLOBAL_API_RATE_LIMIT: '100000',
    });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await mock?.close();
    await database?.drop();
  });

  it('runs two workers under one primary', async () => {
    // The server answers as soon as worker 0 listens; worker 1 follows.
    await eventually(async () => server.output().includes('with 2 worker processes'), 'worker 1');
    const workers = workerPids(server.pid);
    expect(workers).toHaveLength(2);
    // Workers run with the smaller young generation the primary chose for them.
    for (const pid of workers) {
      expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')).toContain(
        '--max-semi-space-size=8',
      );
    }
    // The primary checkpoints the SQLite file the workers write.
    await eventually(
      async () => openFiles(server.pid).includes(database.sqlitePath),
      'the primary opening the SQLite file for checkpoints',
    );
  });

  it('finishes setup on one worker and every worker knows, and a session works on all of them', async () => {
    const setup = await fresh(`${server.url}/api/setup`, {
      method: 'POST',
      body: { username: 'root', password: 'rootpassword1', confirmPassword: 'rootpassword1' },
    });
    expect(JSON.parse(setup.body).success).toBe(true);
    await eventually(async () => {
      const answers = await Promise.all([1, 2, 3, 4].map(() => fresh(`${server.url}/api/status`)));
      return answers.every((answer) => JSON.parse(answer.body).data.setup === true);
    }, 'setup done on every worker');

    const login = await fresh(`${server.url}/api/user/login`, {
      method: 'POST',
      body: { username: 'root', password: 'rootpassword1' },
    });
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    session = { cookie, 'new-api-user': String(JSON.parse(login.body).data.id) };
    for (let index = 0; index < 4; index += 1) {
      const self = await fresh(`${server.url}/api/user/self`, { headers: session });
      expect(JSON.parse(self.body).success).toBe(true);
    }
  });

  it('applies an option saved on one worker on every worker before the save answers', async () => {
    // The save answers only once every worker has re-read the options: no waiting here.
    for (const name of ['Gate 1', 'Gate 2', 'Gate 3', 'Gate 4', 'Gate 5', 'Cluster Gate']) {
      const saved = await fresh(`${server.url}/api/option/`, {
        method: 'PUT',
        headers: session,
        body: { key: 'SystemName', value: name },
      });
      expect(JSON.parse(saved.body).success).toBe(true);
      const answers = await Promise.all([1, 2, 3, 4].map(() => fresh(`${server.url}/api/status`)));
      for (const answer of answers) expect(JSON.parse(answer.body).data.system_name).toBe(name);
    }
    // Every worker reports the server's start, not its own.
    const starts = await Promise.all(
      [1, 2, 3, 4].map(
        async () => JSON.parse((await fresh(`${server.url}/api/status`)).body).data.start_time,
      ),
    );
    expect(new Set(starts).size).toBe(1);
  });

  it('relays through a channel created on one worker from every worker, and /metrics adds both up', async () => {
    const channel = await fresh(`${server.url}/api/channel/`, {
      method: 'POST',
      headers: session,
      body: {
        mode: 'single',
        channel: {
          type: 1,
          name: 'mock',
          key: 'sk-upstream',
          base_url: mock.url,
          models: 'gpt-4o-mini',
          group: 'default',
        },
      },
    });
    expect(JSON.parse(channel.body).success).toBe(true);
    const token = await fresh(`${server.url}/api/token/`, {
      method: 'POST',
      headers: session,
      body: { name: 'cluster', unlimited_quota: true },
    });
    expect(JSON.parse(token.body).success).toBe(true);
    const list = JSON.parse(
      (await fresh(`${server.url}/api/token/?p=0&size=10`, { headers: session })).body,
    );
    // Lists show keys masked; the reveal route gives the full one.
    const tokenId = list.data.find((row: { name: string }) => row.name === 'cluster').id;
    const revealed = JSON.parse(
      (await fresh(`${server.url}/api/token/${tokenId}/key`, { method: 'POST', headers: session }))
        .body,
    );
    const key = `sk-${revealed.data.key}`;

    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      const answer = await fresh(`${server.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}` },
        body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: `call ${index}` }] },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);

    // A call is counted once it is settled, a few milliseconds after its answer.
    let metrics = '';
    await eventually(async () => {
      metrics = (await fresh(`${server.url}/metrics`)).body;
      return metrics.includes('tollgate_relay_requests_total{route="chat",status="200"} 6');
    }, 'six calls in the metrics');
    expect(metrics).toMatch(/tollgate_quota_charged_total\{model="gpt-4o-mini"\} \d+/);
    expect(metrics).toContain('tollgate_relay_in_flight 0');
  });

  it('replaces a worker that dies', async () => {
    const [victim] = workerPids(server.pid);
    process.kill(victim, 'SIGKILL');
    await eventually(async () => {
      const pids = workerPids(server.pid);
      return pids.length === 2 && !pids.includes(victim);
    }, 'a new worker');
    await eventually(async () => {
      const answers = await Promise.all([1, 2, 3, 4].map(() => fresh(`${server.url}/api/status`)));
      return answers.every((answer) => answer.status === 200);
    }, 'both workers answering');
    expect(server.output()).toContain('worker process exited; starting a new one');
  });

  it('stops cleanly on SIGTERM, workers first', async () => {
    const pids = workerPids(server.pid);
    expect(await server.stop()).toBe(0);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  });
});

describe('WORKERS=2: one rate limit for the whole server', () => {
  let database: TestDatabase;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', { migrate: false });
    server = await startServerProcess({
      SQLITE_PATH: database.sqlitePath,
      SESSION_SECRET: 'cluster-secret',
      WORKERS: '2',
      GLOBAL_API_RATE_LIMIT: '10',
      GLOBAL_API_RATE_LIMIT_DURATION: '600',
    });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it('counts requests on both workers against the same limit', async () => {
    const answers: number[] = [];
    for (let index = 0; index < 30; index += 1)
      answers.push((await fresh(`${server.url}/api/status`)).status);
    const allowed = answers.filter((status) => status === 200).length;
    // Counted per worker, two workers would let about 20 through.
    expect(allowed).toBeGreaterThan(0);
    expect(allowed).toBeLessThanOrEqual(10);
    expect(answers.filter((status) => status === 429).length).toBe(30 - allowed);
  });
});
