// Generates N realistic log rows (and the dashboard's hourly sums made from them) in a scratch
// database, then times the console's log queries through the server's own query functions.
//
//   node bench/log-rows.mjs --dsn postgres://postgres@127.0.0.1:5432/tollgate_logs_perf --rows 5000000
//   node bench/log-rows.mjs --sqlite /tmp/logs-perf.db --rows 1000000
//   add --keep to reuse the rows of a previous run (no generation), --explain to print query plans
//
// The server must be built (`npm run build -w apps/server`). Rows are generated inside the database
// (generate_series on PostgreSQL, a recursive CTE on SQLite), 90 days of traffic in id order:
// 2,000 users (a few heavy, most light), up to 4 tokens each, 16 models and 40 channels with
// skewed shares, 93 % consume rows, the rest errors, top-ups, management and system rows.
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = (file) => path.join(root, 'apps/server/dist', file);
const { openDatabase } = await import(dist('db/open-database.js'));
const { migrateDatabase } = await import(dist('db/migrate.js'));
const { hasLogTotals } = await import(dist('db/postgres-log-totals.js'));
const { compactLogTotals } = await import(dist('logs/log-totals.js'));
const logService = await import(dist('logs/log-service.js'));
const dashboardService = await import(dist('dashboard/dashboard-service.js'));
const { CompiledQuery, sql } = await import('kysely');

const { values: args } = parseArgs({
  options: {
    dsn: { type: 'string', default: '' },
    sqlite: { type: 'string', default: '' },
    rows: { type: 'string', default: '1000000' },
    keep: { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
    repeat: { type: 'string', default: '5' },
    /** Comma-separated subset of the time ranges: '24 hours', '7 days', '90 days'. */
    ranges: { type: 'string', default: '' },
  },
});

const DAY = 86_400;
const USERS = 2000;
const MODELS = [
  'gpt-4o-mini',
  'gpt-4o',
  'claude-3-5-sonnet-20241022',
  'gpt-4.1-mini',
  'deepseek-chat',
  'gemini-2.0-flash',
  'gpt-4.1',
  'claude-3-5-haiku-20241022',
  'text-embedding-3-small',
  'o3-mini',
  'qwen-max',
  'gpt-3.5-turbo',
  'dall-e-3',
  'whisper-1',
  'tts-1',
  'o1',
];
const TOKEN_NAMES = ['default', 'app', 'ci', 'test'];
const rows = Number(args.rows);
const now = Math.floor(Date.now() / 1000);
const start = now - 90 * DAY;

const handle = await openDatabase({
  dsn: args.dsn,
  sqlitePath: args.sqlite,
  walCheckpoints: 'background',
});
const { db, dialect } = handle;
const postgres = dialect === 'postgres';

/** A uniform [0, 1) number per row, computed in SQL. */
const uniform = postgres ? 'random()' : '((random() & 268435455) / 268435456.0)';
const arrayPick = (list, index) =>
  `(CASE ${index} ${list.map((value, position) => `WHEN ${position} THEN '${value}'`).join(' ')} END)`;

/** One INSERT … SELECT generating rows [from, to). */
function generationStatement(from, to) {
  const span = 90 * DAY;
  // Materialized, so each row's random numbers are drawn once (SQLite would otherwise inline the
  // subquery and draw anew at every reference).
  const randoms = `randoms AS MATERIALIZED (SELECT g, ${uniform} AS r1, ${uniform} AS r2, ${uniform} AS r3, ${uniform} AS r4 FROM ${
    postgres ? `generate_series(${from}, ${to - 1}) AS g` : 's'
  })`;
  const series = postgres
    ? ''
    : `RECURSIVE s(g) AS (SELECT ${from} UNION ALL SELECT g + 1 FROM s WHERE g < ${to - 1}), `;
  const int = (expression) =>
    postgres ? `CAST(FLOOR(${expression}) AS BIGINT)` : `CAST(${expression} AS INTEGER)`;
  // Heavy users: the cube of a uniform number puts most calls on the lowest ids.
  const user = `(1 + ${int(`r1 * r1 * r1 * ${USERS}`)})`;
  const type = `(CASE WHEN r4 < 0.93 THEN 2 WHEN r4 < 0.97 THEN 5 WHEN r4 < 0.985 THEN 1 WHEN r4 < 0.995 THEN 3 ELSE 4 END)`;
  const model = arrayPick(MODELS, int(`r2 * r2 * ${MODELS.length}`));
  const channel = `(1 + ${int(`r3 * r3 * 40`)})`;
  const promptTokens = int(`r2 * 3000`);
  const completionTokens = int(`r3 * 800`);
  const concat = (...parts) => (postgres ? parts.join(' || ') : parts.join(' || '));
  return `WITH ${series}${randoms},
    drawn AS MATERIALIZED (SELECT g, r4, ${user} AS u, ${type} AS t, ${model} AS m, ${channel} AS ch,
      ${promptTokens} AS p, ${completionTokens} AS c, r1, r3 FROM randoms)
    INSERT INTO logs (user_id, created_at, type, content, username, token_name, model_name, quota,
      prompt_tokens, completion_tokens, use_time, is_stream, channel_id, token_id, "group", other)
    SELECT u, ${start} + ${int(`g * ${span}.0 / ${rows}`)}, t,
      CASE WHEN t = 2 THEN 'model ratio 0.075, completion ratio 4, group ratio 1' ELSE 'system' END,
      ${concat(`'user'`, `CAST(u AS TEXT)`)},
      CASE WHEN t IN (2, 5) THEN ${arrayPick(TOKEN_NAMES, postgres ? 'CAST(g % 4 AS INT)' : 'g % 4')} ELSE '' END,
      CASE WHEN t IN (2, 5) THEN m ELSE '' END,
      CASE WHEN t = 2 THEN p + c * 4 ELSE 0 END,
      CASE WHEN t = 2 THEN p ELSE 0 END, CASE WHEN t = 2 THEN c ELSE 0 END,
      ${int('r3 * 30')}, ${postgres ? 'r4 < 0.5' : '(r4 < 0.5)'},
      CASE WHEN t IN (2, 5) THEN ch ELSE 0 END,
      CASE WHEN t IN (2, 5) THEN u * 4 + ${postgres ? 'CAST(g % 4 AS BIGINT)' : 'g % 4'} ELSE 0 END,
      CASE WHEN u % 20 = 0 THEN 'svip' WHEN u % 5 = 0 THEN 'vip' ELSE 'default' END,
      CASE WHEN t = 2 THEN ${concat(
        `'{"model_ratio":0.075,"group_ratio":1,"completion_ratio":4,"model_price":-1,"frt":'`,
        `CAST(${int('r1 * 900')} AS TEXT)`,
        `',"admin_info":{"use_channel":["'`,
        'CAST(ch AS TEXT)',
        `'"]}}'`,
      )} ELSE '' END
    FROM drawn`;
}

async function generate() {
  console.log(`migrating, then generating ${rows.toLocaleString('en')} log rows (${dialect})`);
  await migrateDatabase(handle);
  await sql`DELETE FROM logs`.execute(db);
  await sql`DELETE FROM quota_data`.execute(db);
  const chunk = postgres ? 500_000 : 100_000;
  const began = Date.now();
  for (let from = 0; from < rows; from += chunk) {
    await sql.raw(generationStatement(from, Math.min(rows, from + chunk))).execute(db);
    process.stdout.write(
      `  ${Math.min(rows, from + chunk).toLocaleString('en')} rows, ${((Date.now() - began) / 1000).toFixed(0)} s\n`,
    );
  }
  // The dashboard's hourly sums, as the aggregator would have written them.
  await sql
    .raw(
      `INSERT INTO quota_data (user_id, username, model_name, created_at, token_used, count, quota)
    SELECT user_id, username, model_name, created_at - created_at % 3600,
      SUM(prompt_tokens + completion_tokens), COUNT(*), SUM(quota)
    FROM logs WHERE type = 2 GROUP BY user_id, username, model_name, created_at - created_at % 3600`,
    )
    .execute(db);
  await sql.raw(postgres ? 'VACUUM ANALYZE logs' : 'ANALYZE').execute(db);
  if (postgres) await sql.raw('VACUUM ANALYZE quota_data').execute(db);
  console.log(`generated in ${((Date.now() - began) / 1000).toFixed(0)} s`);
}

if (!args.keep) {
  await generate();
} else {
  // Indexes added since the rows were made are built here; the planner needs their statistics.
  const began = Date.now();
  await migrateDatabase(handle);
  await sql.raw(postgres ? 'ANALYZE logs' : 'ANALYZE').execute(db);
  console.log(`migrated and analysed in ${((Date.now() - began) / 1000).toFixed(0)} s`);
}

// PostgreSQL keeps hourly totals of the logs (db/postgres-log-totals.ts), written by triggers while
// the rows were generated; the compaction the background job runs every minute folds them here.
const totals = await hasLogTotals(handle);
if (totals) {
  const began = Date.now();
  let hours = 0;
  for (let folded = 1; folded > 0; hours += folded) folded = await compactLogTotals(db);
  const { rows } = await sql`SELECT count(*) AS n FROM log_hourly_totals`.execute(db);
  console.log(
    `hourly totals: ${hours} hours folded in ${Date.now() - began} ms, ${rows[0].n} rows`,
  );
}
const deps = { db, logDb: db, logTotals: async () => totals };
const options = { get: (key) => (key === 'DataExportDefaultTime' ? 'hour' : '') };
const heavyUser = 1;
const lightUser = 1500;
// The console opens on "today" (midnight to now + 1 h): at the end of a day, the last 24 hours.
const ranges = {
  '24 hours': { start_timestamp: now - DAY, end_timestamp: now + 3600 },
  '7 days': { start_timestamp: now - 7 * DAY, end_timestamp: now + 3600 },
  '90 days': { start_timestamp: start, end_timestamp: now + 3600 },
};
const blank = {
  p: 1,
  page_size: 10,
  type: 0,
  username: '',
  token_name: '',
  model_name: '',
  channel: 0,
  group: '',
};
const filters = {
  'no filter': {},
  'type consume': { type: 2 },
  'username (heavy user)': { username: `user${heavyUser}` },
  'username (light user)': { username: `user${lightUser}` },
  'token name': { token_name: 'ci' },
  'model exact': { model_name: 'deepseek-chat' },
  'model prefix gpt-4%': { model_name: 'gpt-4%' },
  channel: { channel: 17 },
  group: { group: 'vip' },
  'username + model': { username: `user${heavyUser}`, model_name: 'gpt-4o-mini' },
};

/** Median and worst of `repeat` runs after one warm-up. */
async function time(run) {
  await run();
  const samples = [];
  for (let index = 0; index < Number(args.repeat); index += 1) {
    const began = process.hrtime.bigint();
    await run();
    samples.push(Number(process.hrtime.bigint() - began) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(samples.length / 2)], worst: samples[samples.length - 1] };
}

/** Kysely plugin that remembers every query the console's functions send (for --explain). */
function capturingDb() {
  const captured = [];
  const plugin = {
    transformQuery: ({ node, queryId }) => {
      if (node.kind === 'SelectQueryNode') {
        captured.push(db.getExecutor().compileQuery(node, queryId));
      }
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { db: db.withPlugin(plugin), captured };
}

/** Each query of one run of `run(deps, db)` with its plan as the database executed it. */
async function explain(name, run) {
  const capture = capturingDb();
  await run({ db: capture.db, logDb: capture.db, logTotals: async () => totals }, capture.db);
  const prefix = postgres ? 'EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ' : 'EXPLAIN QUERY PLAN ';
  console.log(`\n### ${name}`);
  for (const query of capture.captured) {
    if (query.sql.includes('from "channels"')) continue;
    const plan = await db.executeQuery(
      CompiledQuery.raw(prefix + query.sql, [...query.parameters]),
    );
    console.log('\n```');
    console.log(query.sql.replace(/\s+/g, ' '));
    console.log(`-- parameters: ${JSON.stringify(query.parameters)}`);
    for (const row of plan.rows)
      console.log(row['QUERY PLAN'] ?? row.detail ?? JSON.stringify(row));
    console.log('```');
  }
}

const results = [];
async function measure(name, run) {
  if (args.explain) return explain(name, (deps, database) => run(deps, database));
  const { median, worst } = await time(() => run(deps, db));
  results.push({ name, median, worst });
  console.log(
    `${median.toFixed(1).padStart(8)} ms median ${worst.toFixed(1).padStart(8)} ms worst  ${name}`,
  );
}

console.log(`\nquery timings (${args.repeat} runs each after a warm-up)`);
const wantedRanges = args.ranges ? args.ranges.split(',').map((name) => name.trim()) : undefined;
for (const [rangeName, range] of Object.entries(ranges)) {
  if (wantedRanges && !wantedRanges.includes(rangeName)) continue;
  for (const [filterName, filter] of Object.entries(filters)) {
    const query = { ...blank, ...range, ...filter };
    await measure(`admin list, ${rangeName}, ${filterName}`, (deps) =>
      logService.listAdminLogs(deps, query),
    );
    await measure(`admin stat, ${rangeName}, ${filterName}`, (deps) =>
      logService.adminLogStat(deps, query),
    );
  }
  for (const [userName, userId] of [
    ['heavy user', heavyUser],
    ['light user', lightUser],
  ]) {
    const { username: _u, channel: _c, ...self } = { ...blank, ...range };
    await measure(`self list, ${rangeName}, ${userName}`, (deps) =>
      logService.listUserLogs(deps, userId, self),
    );
    await measure(`self list, ${rangeName}, ${userName}, model`, (deps) =>
      logService.listUserLogs(deps, userId, { ...self, model_name: 'gpt-4o-mini' }),
    );
    await measure(`self stat, ${rangeName}, ${userName}`, (deps) =>
      logService.userLogStat(deps, userId, self),
    );
  }
  // The dashboard's hourly sums: a window over 30 days is refused for users.
  if (rangeName !== '90 days') {
    const dataQuery = { ...range, username: '', default_time: 'hour' };
    await measure(`dashboard (admin, all users), ${rangeName}`, (_deps, database) =>
      dashboardService.listAdminQuotaData({ db: database, options }, dataQuery),
    );
    await measure(`dashboard (self), ${rangeName}, heavy user`, (_deps, database) =>
      dashboardService.listOwnQuotaData({ db: database, options }, heavyUser, dataQuery),
    );
  }
}

const slow = results.filter((result) => result.median >= 300);
console.log(`\n${results.length} queries, ${slow.length} with a median of 300 ms or more`);
for (const result of slow) console.log(`  ${result.median.toFixed(0)} ms  ${result.name}`);
const total = await sql`SELECT COUNT(*) AS n FROM logs`.execute(db);
console.log(`rows in logs: ${Number(total.rows[0].n).toLocaleString('en')}`);
await handle.close();
