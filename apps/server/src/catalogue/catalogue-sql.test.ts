/**
 * The catalogue's SQL on every database: searches (LIKE with wildcards taken literally, vendor by
 * id or name), vendor counts, soft delete freeing a name, one live row per name when two writes
 * race, and the missing models under name rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/support/test-databases.js';
import { AppEvents } from '../lib/app-events.js';
import type { CatalogueDeps } from './catalogue-deps.js';
import { listMissingModels } from './missing-models.js';
import { createModel, deleteModel, listModelPage, updateModel } from './model-meta-admin.js';
import { createModelSchema, updateModelSchema } from './model-meta-input.js';
import { findModelsNamed } from './model-meta-repository.js';
import { createVendor, deleteVendor, listVendorPage } from './vendor-admin.js';

describe.each(testDatabaseKinds())('model catalogue SQL on %s', (kind) => {
  let database: TestDatabase;
  let deps: CatalogueDeps;
  const query = { p: 1, page_size: 20, keyword: '', vendor: '' };
  const model = (fields: Record<string, unknown>) => createModelSchema.parse(fields);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    deps = { database: database.handle, events: new AppEvents(), quotaTypeOf: () => 0 };
    const openai = await createVendor(deps, {
      name: 'OpenAI',
      description: '',
      icon: '',
      status: 1,
    });
    const anthropic = await createVendor(deps, {
      name: 'Anthropic',
      description: 'Claude 100%',
      icon: '',
      status: 1,
    });
    await createModel(deps, model({ model_name: 'gpt-4o', vendor_id: openai.id, tags: 'chat' }));
    await createModel(deps, model({ model_name: 'gpt_4o_like', description: '100% fake' }));
    await createModel(
      deps,
      model({ model_name: 'claude-3', vendor_id: anthropic.id, tags: 'Chat' }),
    );
  });
  afterAll(async () => {
    await database?.drop();
  });

  const names = (page: { items: { model_name: string }[] }) =>
    page.items.map((row) => row.model_name);

  it('lists newest first with the total, and pages', async () => {
    const page = await listModelPage(deps, query);
    expect(names(page)).toEqual(['claude-3', 'gpt_4o_like', 'gpt-4o']);
    expect(page).toMatchObject({ total: 3, page: 1, page_size: 20 });
    const second = await listModelPage(deps, { ...query, p: 2, page_size: 2 });
    expect(names(second)).toEqual(['gpt-4o']);
    expect(second).toMatchObject({ total: 3, page: 2, page_size: 2 });
  });

  it('searches name, description and tags ignoring case, wildcards taken literally', async () => {
    expect(names(await listModelPage(deps, { ...query, keyword: 'CHAT' }))).toEqual([
      'claude-3',
      'gpt-4o',
    ]);
    expect(names(await listModelPage(deps, { ...query, keyword: '_4o' }))).toEqual(['gpt_4o_like']);
    expect(names(await listModelPage(deps, { ...query, keyword: '100%' }))).toEqual([
      'gpt_4o_like',
    ]);
  });

  it('filters by vendor id or a part of its name, and counts rows per vendor', async () => {
    const vendors = await listVendorPage(deps, { ...query });
    const openai = vendors.items.find((vendor) => vendor.name === 'OpenAI')!;
    const anthropic = vendors.items.find((vendor) => vendor.name === 'Anthropic')!;
    expect(names(await listModelPage(deps, { ...query, vendor: String(openai.id) }))).toEqual([
      'gpt-4o',
    ]);
    expect(names(await listModelPage(deps, { ...query, vendor: 'thro' }))).toEqual(['claude-3']);
    const page = await listModelPage(deps, query);
    expect(page.vendor_counts).toEqual({
      all: 3,
      '0': 1,
      [String(openai.id)]: 1,
      [String(anthropic.id)]: 1,
    });
    expect((await listModelPage(deps, { ...query, keyword: 'chat' })).vendor_counts).toEqual({
      all: 2,
      [String(openai.id)]: 1,
      [String(anthropic.id)]: 1,
    });
  });

  it('searches vendors by name or description', async () => {
    const found = await listVendorPage(deps, { ...query, keyword: '100%' });
    expect(found.items.map((vendor) => vendor.name)).toEqual(['Anthropic']);
  });

  it('refuses a live duplicate name, and frees the name once the row is soft-deleted', async () => {
    await expect(createModel(deps, model({ model_name: 'gpt-4o' }))).rejects.toThrow(
      '模型名称已存在',
    );
    const [row] = await findModelsNamed(database.handle.db, 'gpt-4o');
    await deleteModel(deps, row!.id);
    const again = await createModel(deps, model({ model_name: 'gpt-4o', tags: 'chat' }));
    expect(again.id).not.toBe(row!.id);
    const kept = await database.handle.db
      .selectFrom('models')
      .select(['id', 'deleted_at'])
      .where('model_name', '=', 'gpt-4o')
      .orderBy('id')
      .execute();
    expect(kept).toHaveLength(2);
    expect(kept[0]!.deleted_at).not.toBeNull();
    expect(kept[1]!.deleted_at).toBeNull();
  });

  it('keeps one live row when two creates of a name race', async () => {
    const results = await Promise.allSettled([
      createModel(deps, model({ model_name: 'racer' })),
      createModel(deps, model({ model_name: 'racer' })),
      createModel(deps, model({ model_name: 'racer' })),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(await findModelsNamed(database.handle.db, 'racer')).toHaveLength(1);
  });

  it('refuses renaming onto a live name', async () => {
    const [racer] = await findModelsNamed(database.handle.db, 'racer');
    const rename = updateModelSchema.parse({ id: racer!.id, model_name: 'claude-3' });
    await expect(updateModel(deps, rename)).rejects.toThrow('模型名称已存在');
  });

  it('refuses a duplicate vendor and frees its name when deleted', async () => {
    const input = { name: 'OpenAI', description: '', icon: '', status: 1 };
    await expect(createVendor(deps, input)).rejects.toThrow('供应商名称已存在');
    const [openai] = (await listVendorPage(deps, { ...query, keyword: 'OpenAI' })).items;
    await deleteVendor(deps, openai!.id);
    expect((await createVendor(deps, input)).id).not.toBe(openai!.id);
  });

  it('lists the enabled models no row describes, honouring name rules', async () => {
    const { db } = database.handle;
    const abilities = ['gpt-4o', 'gpt-4o-mini', 'qwen-max', 'my-embed-v2', 'disabled-one'];
    await db
      .insertInto('channels')
      .values({ id: 1, type: 1, key: 'k', name: 'main', status: 1, models: abilities.join(',') })
      .execute();
    await db
      .insertInto('abilities')
      .values(
        abilities.map((name) => ({
          group: 'default',
          model: name,
          channel_id: 1,
          enabled: name !== 'disabled-one',
          priority: 0,
          weight: 0,
        })),
      )
      .execute();
    expect(await listMissingModels(db)).toEqual(['gpt-4o-mini', 'my-embed-v2', 'qwen-max']);
    await createModel(deps, model({ model_name: 'qwen', name_rule: 1 }));
    await createModel(deps, model({ model_name: '-embed-', name_rule: 2 }));
    await createModel(deps, model({ model_name: '-mini', name_rule: 3, status: 0 }));
    expect(await listMissingModels(db)).toEqual([]);
  });
});
