import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WORKER_INDEX_VARIABLE } from './cluster/cluster-messages.js';
import { ConfigError, loadConfig, type Config } from './config.js';

// The server and the cluster primary are imported only by the process that runs them: the primary
// serves nothing, and loading the whole server into it would cost every deployment tens of MB.

const here = path.dirname(fileURLToPath(import.meta.url));

/** The console's build output: WEB_DIST_DIR, else apps/web/dist beside this package. */
function findWebRoot(configured?: string): string | undefined {
  const candidate = configured ?? path.resolve(here, '../../web/dist');
  return existsSync(path.join(candidate, 'index.html')) ? candidate : undefined;
}

/**
 * One serving process: the whole server when WORKERS is 1, else one of the cluster's workers.
 * Worker 0 (or the single process) migrates the database and runs the background jobs.
 */
async function serve(config: Config, workerIndex: number | undefined): Promise<void> {
  const [{ buildApp }, { startRuntime }, { WorkerLink }, { default: pino }] = await Promise.all([
    import('./app.js'),
    import('./bootstrap.js'),
    import('./cluster/worker-link.js'),
    import('pino'),
  ]);
  const link = workerIndex === undefined ? undefined : new WorkerLink();
  const first = workerIndex === undefined || workerIndex === 0;
  const runtime = await startRuntime(config, {
    migrate: first && config.nodeType === 'master',
    backgroundJobs: first,
    cluster: link,
  });
  const webRoot = findWebRoot(config.webDistDir);
  const app = await buildApp(runtime.context, {
    webRoot,
    logger: {
      level: config.logLevel,
      // Lines are written asynchronously (joined while a write is in progress): one access line
      // per relay call must not cost a blocking write each. Flushed at exit.
      stream: pino.destination({ dest: 1, sync: false }),
      ...(workerIndex === undefined ? {} : { base: { pid: process.pid, worker: workerIndex } }),
    },
  });
  // In a cluster the primary says this once for all workers.
  if (config.sessionSecretGenerated && workerIndex === undefined) {
    app.log.warn(
      'SESSION_SECRET is not set: a random secret is used, so sessions end when Tollgate restarts and do not work across several nodes',
    );
  }
  if (!webRoot && first)
    app.log.warn('The console is not built (apps/web/dist missing): only the API is served');

  let stopping = false;
  async function shutdown(signal: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const forceExit = setTimeout(() => {
      app.log.error('shutdown took longer than 30 s, exiting');
      process.exit(1);
    }, 30_000);
    forceExit.unref();
    try {
      await app.close();
      await runtime.close();
      link?.close();
      app.log.info('stopped');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // A worker whose primary is gone (killed) stops instead of serving on alone.
  if (link) process.on('disconnect', () => void shutdown('primary gone'));

  await app.listen({ port: config.port, host: config.host });
  if (link) {
    link.ready();
  } else {
    app.log.info(
      `Tollgate ${runtime.context.version} listening on http://localhost:${config.port}`,
    );
  }
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  if (cluster.isWorker) return serve(config, Number(process.env[WORKER_INDEX_VARIABLE] ?? 0));
  if (config.workers > 1) {
    const { runClusterPrimary } = await import('./cluster/cluster-primary.js');
    return runClusterPrimary(config);
  }
  return serve(config, undefined);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
