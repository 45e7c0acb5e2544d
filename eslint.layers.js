// The server's layers, enforced: an import that points from a lower layer to a higher one fails
// the lint. From the top:
//   1. http/, cluster/, cli/ and the entry files (app, main, bootstrap): nothing below imports them;
//   2. relay/ and tasks/: the gateway engine and its asynchronous task relay;
//   3. console services (`*-service.ts`), which never import the relay;
//   4. building blocks: providers/, billing/, logs/, repositories (`*-repository.ts`), options/,
//      metrics/, accounts/, catalogue/, groups/, notifications/, payments/ — never a service, the
//      relay or http;
//   5. db/, lib/, errors/ (and the contracts package), which import only each other.
// providers/ are pure wire conversions: besides layer 5 they import nothing of the server.

const SERVER = 'apps/server/src';

const rule = (message, regexes) => [
  'error',
  { patterns: regexes.map((regex) => ({ regex, message })) },
];

const TOP = ['(^|/)http/', '(^|/)cluster/', '(^|/)cli/', '(^|/)(app|main|bootstrap)\\.js$'];
const RELAY = ['(^|/)relay/', '(^|/)tasks/'];
const SERVICE = ['-service\\.js$'];
const BUILDING_BLOCKS = [
  '(^|/)(providers|billing|logs|options|metrics|tracing|accounts|catalogue|groups|channels|users|tokens|setup|pricing|dashboard|notifications|redemptions|payments)/',
];

// Tests and their fixtures (`__fixtures__/`, never imported by production code) may reach across layers.
const TESTS = [`${SERVER}/**/*.test.ts`, `${SERVER}/**/__fixtures__/**/*.ts`];

/** ESLint config blocks; later blocks win for the files they match, so the strictest come last. */
export const layerRules = [
  {
    files: [`${SERVER}/relay/**/*.ts`, `${SERVER}/tasks/**/*.ts`],
    ignores: [`${SERVER}/**/*-repository.ts`, ...TESTS],
    rules: {
      'no-restricted-imports': rule(
        'Layer rule: the relay imports neither http/, cluster/ nor a console service.',
        [...TOP, ...SERVICE],
      ),
    },
  },
  {
    files: [
      `${SERVER}/{channels,users,tokens,logs,setup,pricing,dashboard,options,metrics,tracing,accounts,catalogue,groups,billing,notifications,redemptions,payments}/**/*.ts`,
    ],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': rule(
        'Layer rule: services and building blocks import neither http/, cluster/ nor relay/.',
        [...TOP, ...RELAY],
      ),
    },
  },
  {
    files: [
      `${SERVER}/{providers,billing,logs,options,metrics,tracing,accounts,catalogue,groups,notifications,payments}/**/*.ts`,
      `${SERVER}/**/*-repository.ts`,
    ],
    ignores: [`${SERVER}/**/*-service.ts`, ...TESTS],
    rules: {
      'no-restricted-imports': rule(
        'Layer rule: building blocks import neither a service, the relay, http/ nor cluster/.',
        [...TOP, ...RELAY, ...SERVICE],
      ),
    },
  },
  {
    files: [`${SERVER}/providers/**/*.ts`],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': rule(
        'Layer rule: providers are wire conversions; they import only errors/, lib/ and the contracts.',
        [
          ...TOP,
          ...RELAY,
          ...SERVICE,
          ...BUILDING_BLOCKS.map((b) => b.replace('providers|', '')),
          '(^|/)db/',
          '(^|/)config\\.js$',
        ],
      ),
    },
  },
  {
    files: [`${SERVER}/{db,lib,errors}/**/*.ts`],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': rule('Layer rule: db/, lib/ and errors/ import only each other.', [
        ...TOP,
        ...RELAY,
        ...SERVICE,
        ...BUILDING_BLOCKS,
      ]),
    },
  },
];
