// One process of a refund race (test/concurrency/task-refund-two-processes.test.ts): opens the
// database, waits for the agreed instant, marks the task failed and refunds it through the built
// server's own failAndRefund, and prints whether this process made the transition.
import { openDatabase } from '../../dist/db/open-database.js';
import { failAndRefund } from '../../dist/tasks/task-refund.js';

const [dsn, taskJson, startAt] = process.argv.slice(2);
const handle = await openDatabase({ dsn, sqlitePath: '' });
const services = {
  db: handle.db,
  dialect: handle.dialect,
  logDestination: { kind: 'table', dialect: handle.dialect },
  options: { getNumber: () => 500_000, getBoolean: () => false },
  events: { emit() {} },
};
// Warm the pool first, so both processes reach the UPDATE at the same moment.
await handle.db.selectFrom('tasks').select('id').limit(1).execute();
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAt) - Date.now())));
const won = await failAndRefund(services, JSON.parse(taskJson));
process.stdout.write(JSON.stringify({ won }));
await handle.close();
