import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { startRuntime } from './bootstrap.js';
import { ConfigError, loadConfig } from './config.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The console's build output: WEB_DIST_DIR, else apps/web/dist beside this package. */
function findWebRoot(configured?: string): string | undefined {
  const candidate = configured ?? path.resolve(here, '../../web/dist');
  return existsSync(path.join(candidate, 'index.html')) ? candidate : undefined;
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

  const runtime = await startRuntime(config);
  const webRoot = findWebRoot(config.webDistDir);
  const app = await buildApp(runtime.context, {
    webRoot,
    logger: { level: config.debug ? 'debug' : 'info' },
  });
  if (config.sessionSecretGenerated) {
    app.log.warn(
      'SESSION_SECRET is not set: a random secret is used, so sessions end when Tollgate restarts and do not work across several nodes',
    );
  }
  if (!webRoot) app.log.warn('The console is not built (apps/web/dist missing): only the API is served');

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
      app.log.info('stopped');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Tollgate ${runtime.context.version} listening on http://localhost:${config.port}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
