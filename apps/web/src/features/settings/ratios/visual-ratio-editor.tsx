import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchInput } from '../../../components/filters/filter-fields';
import { notify } from '../../../lib/notifier';
import type { OptionValues } from '../api';
import { useSaveOptionsMutation } from '../queries';
import { planOptionSaves } from '../save-plan';
import { ModelPriceDialog } from './model-price-dialog';
import {
  PRICE_KEYS,
  pricesPerMillion,
  readModelPrices,
  writeModelPrices,
  type ModelPriceRow,
} from './model-prices';

const PAGE_SIZE = 10;
const priceFields = PRICE_KEYS.map((key) => ({ key, kind: 'json' as const }));

/**
 * Every priced model in one paged, searchable table: add, edit and delete models, then save the
 * three price maps (ModelPrice, ModelRatio, CompletionRatio) at once.
 */
export function VisualRatioEditor({ options }: { options: OptionValues }) {
  const { t } = useTranslation('settings');
  const stored = useMemo(() => readModelPrices(options), [options]);
  const [rows, setRows] = useState<ModelPriceRow[]>(stored);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<ModelPriceRow | null | undefined>(undefined);
  const saveMutation = useSaveOptionsMutation();

  useEffect(() => setRows(stored), [stored]);

  const names = useMemo(() => new Set(rows.map((row) => row.name)), [rows]);
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return needle ? rows.filter((row) => row.name.toLowerCase().includes(needle)) : rows;
  }, [rows, search]);
  const saves = useMemo(
    () => planOptionSaves(priceFields, writeModelPrices(options, rows), options),
    [rows, options],
  );

  /** Adds or replaces a row and turns to the page that shows it, so the operator sees the result. */
  const upsert = (row: ModelPriceRow) => {
    const without = rows.filter((entry) => entry.name !== (editing?.name ?? row.name));
    const next = [...without, row].sort((left, right) => left.name.localeCompare(right.name));
    setRows(next);
    setSearch('');
    setPage(Math.floor(next.indexOf(row) / PAGE_SIZE) + 1);
    setEditing(undefined);
  };

  const save = async () => {
    if (saves.length === 0) {
      notify.info(t('messages.nothingChanged'));
      return;
    }
    const failed = await saveMutation.mutateAsync(saves);
    if (failed.length > 0) {
      notify.error(failed.map((item) => `${item.key}: ${item.message}`).join('；'));
    } else {
      notify.success(t('messages.saved'));
    }
  };

  const dash = <Typography.Text type="secondary">—</Typography.Text>;
  const columns: ColumnsType<ModelPriceRow> = [
    { title: t('ratios.visual.name'), dataIndex: 'name', key: 'name', ellipsis: true },
    {
      title: t('ratios.visual.billing'),
      key: 'billing',
      width: 110,
      render: (_, row) =>
        row.price !== undefined ? (
          <Tag color="purple">{t('ratios.visual.modes.perCall')}</Tag>
        ) : (
          <Tag color="blue">{t('ratios.visual.modes.ratio')}</Tag>
        ),
    },
    {
      title: t('ratios.visual.price'),
      key: 'price',
      render: (_, row) => (row.price !== undefined ? `$${row.price}` : dash),
    },
    {
      title: t('ratios.visual.ratio'),
      key: 'ratio',
      render: (_, row) => (row.price === undefined && row.ratio !== undefined ? row.ratio : dash),
    },
    {
      title: t('ratios.visual.completionRatio'),
      key: 'completionRatio',
      render: (_, row) =>
        row.price === undefined && row.completionRatio !== undefined ? row.completionRatio : dash,
    },
    {
      title: t('ratios.visual.perMillion'),
      key: 'perMillion',
      render: (_, row) => {
        const prices = pricesPerMillion(row);
        return prices ? `$${prices.input} / $${prices.output}` : dash;
      },
    },
    {
      title: t('ratios.visual.actions'),
      key: 'actions',
      width: 140,
      render: (_, row) => (
        <Space size={4}>
          <Button size="small" onClick={() => setEditing(row)}>
            {t('actions.edit')}
          </Button>
          <Button
            size="small"
            danger
            onClick={() => setRows((current) => current.filter((entry) => entry !== row))}
          >
            {t('actions.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      size="small"
      title={t('ratios.visual.title')}
      extra={
        <Button
          type="primary"
          onClick={() => void save()}
          loading={saveMutation.isPending}
          disabled={saves.length === 0}
        >
          {t('ratios.visual.save')}
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <SearchInput
          label={t('ratios.visual.search')}
          value={search}
          width={240}
          onChange={(text) => {
            setSearch(text);
            setPage(1);
          }}
        />
        <Button icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          {t('ratios.visual.add')}
        </Button>
        {saves.length > 0 && <Tag color="orange">{t('ratios.visual.unsaved')}</Tag>}
      </Space>
      <Table<ModelPriceRow>
        size="small"
        rowKey="name"
        columns={columns}
        dataSource={shown}
        scroll={{ x: 760 }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          onChange: setPage,
          showSizeChanger: false,
          total: shown.length,
        }}
      />
      <ModelPriceDialog
        editing={editing}
        takenNames={names}
        onSave={upsert}
        onClose={() => setEditing(undefined)}
      />
    </Card>
  );
}
