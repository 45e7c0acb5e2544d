import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A Tollgate server started from the built output, as `npm start` would, on a free port. */
export interface ServerProcess {
  url: string;
  dataDirectory: string;
  stop(): Promise<number | null>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Starts `node apps/server/dist/main.js` with a fresh SQLite file and waits until it answers. */
export async function startServer(env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const dataDirectory = mkdtempSync(path.join(os.tmpdir(), 'tollgate-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SQL_DSN: '',
      SQLITE_PATH: path.join(dataDirectory, 'tollgate.db'),
      SESSION_SECRET: 'e2e-session-secret',
      REDIS_CONN_STRING: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );

  const url = `http://127.0.0.1:${port}`;
  // The port was free when chosen, but another process may take it before this server binds;
  // then /api/status answers from that one. Ready only once this server (its first worker, in a
  // cluster) says it listens on that port.
  const quiet = ['warn', 'error'].includes(
    (env.LOG_LEVEL ?? process.env.LOG_LEVEL ?? '').toLowerCase(),
  );
  const bound = new RegExp(`listening (?:at|on) http://[^"\\s]*:${port}\\b`);
  const listening = () => quiet || bound.test(output);
  // A loaded CI machine (type checks, vitest and other browsers beside it) can take a while.
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const response = await fetch(`${url}/api/status`);
      if (response.ok && listening()) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start within 60 s:\n${output}`);
    }
    // Asked often: every browser test waits for its server(s) before anything else can start.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  return {
    url,
    dataDirectory,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
