import { describe, expect, it } from 'vitest';
import { fromOptionText, planOptionSaves, runOptionSaves, type EditedOption } from './save-plan';

const fields: EditedOption[] = [
  { key: 'GitHubOAuthEnabled', kind: 'switch' },
  { key: 'GitHubClientId', kind: 'text' },
  { key: 'GitHubClientSecret', kind: 'secret' },
  { key: 'RegisterEnabled', kind: 'switch' },
  { key: 'RetryTimes', kind: 'number' },
  { key: 'ModelRatio', kind: 'json' },
];

const stored = {
  GitHubOAuthEnabled: 'false',
  GitHubClientId: '',
  RegisterEnabled: 'true',
  RetryTimes: '0',
  ModelRatio: '{"a":1}',
};

describe('settings save plan', () => {
  it('saves only what changed: switches off, then values, then switches on', () => {
    const saves = planOptionSaves(
      fields,
      {
        GitHubOAuthEnabled: true,
        GitHubClientId: 'client',
        GitHubClientSecret: 'secret',
        RegisterEnabled: false,
        RetryTimes: 0,
        ModelRatio: '{\n  "a": 1\n}',
      },
      stored,
    );
    expect(saves).toEqual([
      { key: 'RegisterEnabled', value: 'false' },
      { key: 'GitHubClientId', value: 'client' },
      { key: 'GitHubClientSecret', value: 'secret' },
      { key: 'GitHubOAuthEnabled', value: 'true' },
    ]);
  });

  it('saves nothing for an untouched form; blank secrets are never sent', () => {
    const values = Object.fromEntries(
      fields.map((field) => [field.key, fromOptionText(field.kind, stored[field.key as never])]),
    );
    expect(values.GitHubClientSecret).toBe('');
    expect(planOptionSaves(fields, values, stored)).toEqual([]);
  });

  it('sees a JSON map with its keys in another order as unchanged', () => {
    const jsonFields: EditedOption[] = [{ key: 'ModelRatio', kind: 'json' }];
    const sorted = { ModelRatio: '{\n  "a": 1,\n  "b": {"y": [1, 2], "x": null}\n}' };
    expect(
      planOptionSaves(jsonFields, sorted, { ModelRatio: '{"b":{"x":null,"y":[1,2]},"a":1}' }),
    ).toEqual([]);
    // Arrays keep their order; a missing or extra key is a change.
    for (const changed of ['{"b":{"x":null,"y":[2,1]},"a":1}', '{"b":{"x":null,"y":[1,2]}}']) {
      expect(planOptionSaves(jsonFields, sorted, { ModelRatio: changed })).toHaveLength(1);
    }
  });

  it('reads and writes comma lists', () => {
    expect(fromOptionText('list', ' a.com, b.com ,,')).toEqual(['a.com', 'b.com']);
    expect(
      planOptionSaves(
        [{ key: 'EmailDomainWhitelist', kind: 'list' }],
        { EmailDomainWhitelist: ['a.com', 'c.com'] },
        { EmailDomainWhitelist: 'a.com,b.com' },
      ),
    ).toEqual([{ key: 'EmailDomainWhitelist', value: 'a.com,c.com' }]);
  });

  it('goes on after a failure and reports each failed key', async () => {
    const done: string[] = [];
    const failed = await runOptionSaves(
      [
        { key: 'A', value: '1' },
        { key: 'B', value: '2' },
        { key: 'C', value: '3' },
      ],
      async (key) => {
        if (key === 'B') throw new Error('B 不能小于 0');
        done.push(key);
      },
    );
    expect(done).toEqual(['A', 'C']);
    expect(failed).toEqual([{ key: 'B', message: 'B 不能小于 0' }]);
  });
});
