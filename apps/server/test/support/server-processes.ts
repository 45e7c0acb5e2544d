import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { SOURCE_ENTRY, type ServerEntry } from './built-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** How process tests start the server (the global setup compiles it once). */
    serverEntry: ServerEntry;
  }
}

/** The compiled server when the global setup built it, else the source through tsx. */
function serverEntry(): ServerEntry {
  try {
    return inject('serverEntry') ?? SOURCE_ENTRY;
  } catch {
    return SOURCE_ENTRY; // not in a vitest worker with the global setup
  }
}

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** A real Tollgate process (the compiled server, see built-server.ts), for multi-node tests. */
export interface ServerProcess {
  url: string;
  /** The server's process id (the cluster's primary when WORKERS > 1). */
  pid: number;
  output(): string;
  /** SIGTERM and wait: in-flight calls finish, buffered logs and quota are flushed. */
  stop(): Promise<number | null>;
  /** SIGKILL and wait: the process dies at once, as in a crash or an out-of-memory kill. */
  kill(): Promise<void>;
  /** The process ids of the cluster's workers (none when WORKERS=1). */
  workerPids(): number[];
  /** SIGKILL to the primary and every worker at the same moment: the whole server dies. */
  killAll(): Promise<void>;
}

/** The children of a process (its cluster workers). */
function childPids(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return []; // pgrep exits 1 when there is none
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, serverEntry(), {
    cwd: repositoryRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
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
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/api/status`)).ok && listening()) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid!,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    workerPids: () => childPids(child.pid!),
    async killAll() {
      const workers = childPids(child.pid!);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      for (const pid of workers) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      await exited;
      // The workers die with the signal; wait until none is left holding the port.
      const deadline = Date.now() + 10_000;
      while (workers.some(isAlive) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
