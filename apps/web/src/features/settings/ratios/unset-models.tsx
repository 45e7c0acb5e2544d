import { Alert, Button, Card, InputNumber, Select, Space, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifier';
import type { OptionValues } from '../api';
import { useEnabledModelsQuery, useSaveOptionsMutation } from '../queries';
import { planOptionSaves } from '../save-plan';
import {
  PRICE_KEYS,
  readModelPrices,
  unpricedModels,
  writeModelPrices,
  type ModelPriceRow,
} from './model-prices';

type FillKind = 'price' | 'ratio' | 'ratios';
const priceFields = PRICE_KEYS.map((key) => ({ key, kind: 'json' as const }));

/**
 * Models some enabled channel serves that have no price: calls to them fail until priced. Pick
 * some and set a per-call price, a ratio, or both ratios for all of them at once.
 */
export function UnsetModels({ options }: { options: OptionValues }) {
  const { t } = useTranslation('settings');
  const modelsQuery = useEnabledModelsQuery();
  const saveMutation = useSaveOptionsMutation();
  const [selected, setSelected] = useState<string[]>([]);
  const [kind, setKind] = useState<FillKind>('ratio');
  const [value, setValue] = useState<number | null>(null);
  const [completion, setCompletion] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);

  const unset = useMemo(
    () => unpricedModels(modelsQuery.data ?? [], options),
    [modelsQuery.data, options],
  );

  const apply = async () => {
    if (selected.length === 0) return notify.error(t('ratios.unset.selectFirst'));
    if (kind === 'ratios' && (value === null || completion === null)) {
      return notify.error(t('ratios.unset.enterBoth'));
    }
    if (value === null) return notify.error(t('ratios.unset.enterValue'));
    if (!Number.isFinite(value) || value < 0 || (completion !== null && completion < 0)) {
      return notify.error(t('ratios.unset.validNumbers'));
    }
    const filled: ModelPriceRow[] = selected.map((name) =>
      kind === 'price'
        ? { name, price: value }
        : {
            name,
            ratio: value,
            completionRatio: kind === 'ratios' ? (completion ?? 1) : undefined,
          },
    );
    const rows = [
      ...readModelPrices(options).filter((row) => !selected.includes(row.name)),
      ...filled,
    ];
    const saves = planOptionSaves(priceFields, writeModelPrices(options, rows), options);
    const failed = await saveMutation.mutateAsync(saves);
    if (failed.length > 0) {
      notify.error(failed.map((item) => `${item.key}: ${item.message}`).join('；'));
      return;
    }
    notify.success(t('ratios.unset.applied', { count: selected.length }));
    setSelected([]);
  };

  return (
    <Card size="small" title={t('ratios.unset.title')}>
      <Alert
        type="info"
        showIcon
        title={t('ratios.unset.description')}
        style={{ marginBottom: 12 }}
      />
      <Space wrap style={{ marginBottom: 12 }}>
        <Select<FillKind>
          value={kind}
          onChange={setKind}
          aria-label={t('ratios.unset.kind')}
          style={{ width: 180 }}
          options={[
            { value: 'ratio', label: t('ratios.unset.kinds.ratio') },
            { value: 'ratios', label: t('ratios.unset.kinds.ratios') },
            { value: 'price', label: t('ratios.unset.kinds.price') },
          ]}
        />
        <InputNumber
          min={0}
          step={0.001}
          value={value}
          onChange={(next) => setValue(typeof next === 'number' ? next : null)}
          placeholder={kind === 'price' ? t('ratios.visual.price') : t('ratios.visual.ratio')}
          aria-label={kind === 'price' ? t('ratios.visual.price') : t('ratios.visual.ratio')}
          style={{ width: 160 }}
        />
        {kind === 'ratios' && (
          <InputNumber
            min={0}
            step={0.1}
            value={completion}
            onChange={(next) => setCompletion(typeof next === 'number' ? next : null)}
            placeholder={t('ratios.visual.completionRatio')}
            aria-label={t('ratios.visual.completionRatio')}
            style={{ width: 160 }}
          />
        )}
        <Button type="primary" onClick={() => void apply()} loading={saveMutation.isPending}>
          {t('ratios.unset.apply', { count: selected.length })}
        </Button>
      </Space>
      <Table<{ name: string }>
        size="small"
        rowKey="name"
        loading={modelsQuery.isFetching}
        dataSource={unset.map((name) => ({ name }))}
        columns={[{ title: t('ratios.visual.name'), dataIndex: 'name', key: 'name' }]}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
        }}
        locale={{ emptyText: t('ratios.unset.none') }}
        pagination={{
          current: page,
          pageSize,
          pageSizeOptions: [10, 20, 50, 100],
          showSizeChanger: true,
          onChange: (next, size) => {
            setPage(next);
            setPageSize(size);
          },
        }}
      />
    </Card>
  );
}
