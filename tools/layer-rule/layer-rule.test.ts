import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { CONSOLE_TABLE, SERVER_TABLE } from '../../eslint.layers.js';
import { layerPlugin } from './layer-rule.js';

const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The layer rule's messages for `code` written at `file` (relative to the repository). */
function layerErrors(file: string, code: string): string[] {
  const table = file.startsWith('apps/web/') ? CONSOLE_TABLE : SERVER_TABLE;
  const linter = new Linter({ cwd: repository });
  const messages = linter.verify(
    code,
    [
      {
        files: ['**/*.ts', '**/*.tsx'],
        languageOptions: { parser: tseslint.parser as Linter.Parser },
        plugins: { tollgate: layerPlugin },
        rules: { 'tollgate/layers': ['error', table] },
      },
    ],
    { filename: path.join(repository, file) },
  );
  return messages.map((message) => message.message);
}

describe('the layer rule', () => {
  it('lets imports point down the table and within a folder', () => {
    expect(
      layerErrors(
        'apps/server/src/relay/some-step.ts',
        [
          "import { a } from '../billing/quota-ledger.js';",
          "import type { B } from '../providers/provider-adaptor.js';",
          "import { c } from './relay-call.js';",
          "import { d } from '../lib/random.js';",
          "import { e } from '@tollgate/contracts';",
          "export { f } from '../errors/relay-error.js';",
          "const g = await import('../logs/log-writer.js');",
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('refuses an import up the table, static, re-exported or dynamic', () => {
    const file = 'apps/server/src/billing/some-rule.ts';
    expect(layerErrors(file, "import { a } from '../relay/relay-call.js';")).toEqual([
      'Layer rule: billing may not import relay, which is above it in the layer table (eslint.layers.js).',
    ]);
    expect(layerErrors(file, "export * from '../http/app-context.js';")).toHaveLength(1);
    expect(layerErrors(file, "const a = await import('../http/app-context.js');")).toEqual([
      'Layer rule: billing may not import http, which is above it in the layer table (eslint.layers.js).',
    ]);
    expect(layerErrors(file, "const a = require('../relay/relay-call.js');")).toHaveLength(1);
  });

  it('refuses a dynamic import or require whose path is computed', () => {
    const file = 'apps/server/src/relay/loader.ts';
    expect(layerErrors(file, 'const a = await import(`../${name}/index.js`);')).toEqual([
      'Layer rule: a dynamic import with a computed path cannot be checked.',
    ]);
    expect(layerErrors(file, 'const a = require(name);')).toEqual([
      'Layer rule: a require with a computed path cannot be checked.',
    ]);
  });

  it('refuses a top-level folder the table does not place, and imports of it', () => {
    expect(
      layerErrors('apps/server/src/widgets/widget.ts', "import { a } from '../db/schema.js';"),
    ).toEqual([
      'Layer rule: widgets is not in the layer table (eslint.layers.js): place it in a row.',
    ]);
    expect(
      layerErrors(
        'apps/server/src/relay/uses-widget.ts',
        "import { a } from '../widgets/widget.js';",
      ),
    ).toEqual(['Layer rule: widgets is not in the layer table (eslint.layers.js).']);
  });

  it('refuses imports between two folders of one row, so folders cannot form a cycle', () => {
    expect(
      layerErrors(
        'apps/server/src/tokens/token-rules.ts',
        "import { a } from '../channels/abilities.js';",
      ),
    ).toEqual([
      'Layer rule: tokens and channels share a row of the layer table; neither imports the other (no folder cycles).',
    ]);
  });

  it('refuses a console service outside the service folders', () => {
    expect(layerErrors('apps/server/src/billing/refund-service.ts', '')).toEqual([
      expect.stringContaining('console services (*-service.ts) live in service folders'),
    ]);
    expect(layerErrors('apps/server/src/users/refund-service.ts', '')).toEqual([]);
  });

  it('keeps the database layer from reading the configuration', () => {
    expect(
      layerErrors('apps/server/src/db/open-database.ts', "import { a } from '../config.js';"),
    ).toEqual([
      'Layer rule: db may not import config.ts, which is above it in the layer table (eslint.layers.js).',
    ]);
    expect(layerErrors('apps/server/src/config.ts', "import { a } from './db/schema.js';")).toEqual(
      [],
    );
  });

  it('keeps providers to wire conversions', () => {
    const file = 'apps/server/src/providers/acme/acme-adaptor.ts';
    expect(layerErrors(file, "import { a } from '../../errors/relay-error.js';")).toEqual([]);
    expect(layerErrors(file, "import { a } from '../../options/option-store.js';")).toHaveLength(1);
    expect(layerErrors(file, "import { a } from '../../db/schema.js';")).toHaveLength(1);
  });

  it("keeps the console's features out of each other's insides", () => {
    const file = 'apps/web/src/features/wallet/components/balance-card.tsx';
    expect(layerErrors(file, "import { a } from '../../personal/api';")).toEqual([
      'Layer rule: features/wallet may use features/personal only through its public entry (features/personal/index).',
    ]);
    expect(layerErrors(file, "import { a } from '../../personal';")).toEqual([]);
    expect(layerErrors(file, "import { a } from '../../personal/index';")).toEqual([]);
    expect(layerErrors(file, "import { a } from '../queries';")).toEqual([]);
    expect(layerErrors(file, "import { a } from '../../../components/page-card';")).toEqual([]);
    expect(
      layerErrors(
        'apps/web/src/components/page-card.tsx',
        "import { a } from '../features/wallet';",
      ),
    ).toHaveLength(1);
  });
});
