#!/usr/bin/env node
// `npx tollgate <command>` and `npm run tollgate -- <command>`: the operator commands, run from the
// server's build output (apps/server/src/cli/). Kept outside dist so it stays executable whatever
// rebuilt dist.
import { existsSync } from 'node:fs';

const entry = new URL('../apps/server/dist/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  console.error(
    'tollgate: the server is not built (apps/server/dist is missing): run "npm run build" first',
  );
  process.exit(1);
}
await import(entry.href);
