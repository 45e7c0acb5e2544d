#!/usr/bin/env node
import { createMockUpstream } from './create-mock-upstream.js';

const DEFAULT_PORT = 4010;

function portFrom(argv: readonly string[], env: NodeJS.ProcessEnv): number {
  const flag = argv.findIndex(
    (argument) => argument === '--port' || argument.startsWith('--port='),
  );
  let raw: string | undefined;
  if (flag >= 0) raw = argv[flag].includes('=') ? argv[flag].split('=')[1] : argv[flag + 1];
  raw ??= env.MOCK_UPSTREAM_PORT;
  if (raw === undefined || raw === '') return DEFAULT_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`Invalid port: ${raw}`);
  }
  return port;
}

const upstream = await createMockUpstream({
  port: portFrom(process.argv.slice(2), process.env),
  host: '127.0.0.1',
});
console.log(`Mock upstream listening on ${upstream.url}`);

const stop = (): void => {
  upstream.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
