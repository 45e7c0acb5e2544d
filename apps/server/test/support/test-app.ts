import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { startRuntime, type Runtime } from '../../src/bootstrap.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createTestDatabase, type TestDatabaseKind } from './test-databases.js';

/** A fresh database + app for one test file, driven through inject(). */
export interface TestApp {
  app: FastifyInstance;
  runtime: Runtime;
  config: Config;
  /** Signs in and returns the cookie + user id to send as New-Api-User. */
  login(username: string, password: string): Promise<Session>;
  /** Runs the setup wizard creating root/`rootpassword1` and signs in as root. */
  setupRoot(): Promise<Session>;
  call(
    session: Session | undefined,
    method: string,
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface Session {
  cookie: string;
  userId: number;
}

export const ROOT_PASSWORD = 'rootpassword1';

/** What a refused console request looks like: HTTP 200 with `success: false` (new-api's way). */
export const REFUSED = { status: 200, success: false };

/** The status and `success` of a console answer, to compare with REFUSED. */
export function businessFailure(response: LightMyRequestResponse): {
  status: number;
  success: unknown;
} {
  return {
    status: response.statusCode,
    success: (response.json() as { success?: unknown }).success,
  };
}

export async function createTestApp(
  kind: TestDatabaseKind,
  env: Record<string, string> = {},
  existing?: { dsn: string; sqlitePath: string },
): Promise<TestApp> {
  // A copy of the migrated template: the app's own migration at start then finds nothing to do.
  const testDatabase = existing ? undefined : await createTestDatabase(kind);
  const dsn = existing?.dsn ?? testDatabase!.dsn;
  const sqlitePath = existing?.sqlitePath ?? testDatabase!.sqlitePath;
  const config = loadConfig({
    SQL_DSN: kind === 'sqlite' ? '' : dsn,
    SQLITE_PATH: sqlitePath,
    SESSION_SECRET: 'test-session-secret',
    GLOBAL_API_RATE_LIMIT: '100000',
    ...env,
  });
  const runtime = await startRuntime(config, testDatabase ? { database: testDatabase.handle } : {});
  const app = await buildApp(runtime.context);

  const call: TestApp['call'] = (session, method, url, payload) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: session ? { cookie: session.cookie, 'new-api-user': String(session.userId) } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function login(username: string, password: string): Promise<Session> {
    const response = await call(undefined, 'POST', '/api/user/login', { username, password });
    const body = response.json();
    if (!body.success) throw new Error(`login failed for ${username}: ${body.message}`);
    const setCookie = response.headers['set-cookie'];
    const cookie = (Array.isArray(setCookie) ? setCookie[0] : setCookie)!.split(';')[0];
    return { cookie, userId: body.data.id };
  }

  return {
    app,
    runtime,
    config,
    login,
    call,
    async setupRoot() {
      const response = await call(undefined, 'POST', '/api/setup', {
        username: 'root',
        password: ROOT_PASSWORD,
        confirmPassword: ROOT_PASSWORD,
        SelfUseModeEnabled: false,
        DemoSiteEnabled: false,
      });
      if (!response.json().success) throw new Error(`setup failed: ${response.body}`);
      return login('root', ROOT_PASSWORD);
    },
    async close() {
      await app.close();
      await runtime.close();
      await testDatabase?.drop();
    },
  };
}
