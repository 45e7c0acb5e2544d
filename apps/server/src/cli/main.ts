#!/usr/bin/env node
import { runCli } from './run-cli.js';

// `npx tollgate <command>` and `npm run tollgate -- <command>` land here (the root package's bin).
const exitCode = await runCli(process.argv.slice(2), process.env, {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
});
process.exitCode = exitCode;
