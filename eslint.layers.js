// The layer tables, enforced by tools/layer-rule/layer-rule.js: a file imports from its own unit
// and from units in rows below its own, nothing else. A unit missing from a table, an import
// within a row (a folder cycle in the making), a computed dynamic import and a console service
// (`*-service.ts`) outside the service folders all fail the lint.
import { layerPlugin } from './tools/layer-rule/layer-rule.js';

/** The server (apps/server/src), top to bottom. */
export const SERVER_TABLE = {
  root: 'apps/server/src',
  rows: [
    // Entry points.
    { units: ['main.ts'] },
    { units: ['app.ts', 'bootstrap.ts', 'cli'] },
    { units: ['http', 'cluster'] },
    // The gateway engine: the task relay sits on the call relay.
    { units: ['tasks'] },
    { units: ['relay'] },
    // Console services (`*-service.ts`) with their repositories.
    { units: ['users', 'log-views'] },
    // Subscriptions: sold through the payment gateways, which learn of them as an order book.
    { units: ['subscriptions'] },
    {
      units: [
        'tokens',
        'channels',
        'dashboard',
        'pricing',
        'setup',
        'redemptions',
        'payments',
        'prefill-groups',
        'checkins',
      ],
    },
    // Building blocks.
    { units: ['notifications'] },
    { units: ['accounts'] },
    { units: ['billing'] },
    { units: ['logs'] },
    // Usage limits and budgets: counters in Redis or the database (db/ and lib/ only).
    { units: ['limits'] },
    { units: ['catalogue', 'groups', 'metrics', 'tracing'] },
    { units: ['options'] },
    // Which node runs each background job.
    { units: ['leases'] },
    { units: ['config.ts'] },
    // Groups of settings config.ts reads through.
    { units: ['config-database.ts', 'config-relay.ts', 'config-model-sync.ts'] },
    { units: ['config-env.ts', 'version.ts'] },
    { units: ['db'] },
    // Pure wire conversions: only errors/ and lib/ (and the contracts package) below them.
    { units: ['providers'] },
    { units: ['lib', 'errors'] },
  ],
  serviceUnits: [
    'users',
    'tokens',
    'channels',
    'dashboard',
    'pricing',
    'setup',
    'redemptions',
    'payments',
    'prefill-groups',
    'log-views',
    'checkins',
    'subscriptions',
  ],
};

/** The console (apps/web/src), top to bottom. */
export const CONSOLE_TABLE = {
  root: 'apps/web/src',
  rows: [
    { units: ['main.tsx'] },
    { units: ['app'] },
    // One unit per feature; a feature uses another only through its `index`.
    { units: ['features'], features: true },
    { units: ['components'] },
    // The console's foundation, used everywhere, one group.
    { units: ['lib', 'i18n', 'locales', 'session', 'status', 'theme', 'styles'], shared: true },
  ],
};

// Tests and their fixtures (`__fixtures__/`, never imported by production code) may reach across layers.
const SERVER_TESTS = ['apps/server/src/**/*.test.ts', 'apps/server/src/**/__fixtures__/**/*.ts'];

/** ESLint config blocks. */
export const layerRules = [
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: SERVER_TESTS,
    plugins: { tollgate: layerPlugin },
    rules: { 'tollgate/layers': ['error', SERVER_TABLE] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    plugins: { tollgate: layerPlugin },
    rules: { 'tollgate/layers': ['error', CONSOLE_TABLE] },
  },
];
