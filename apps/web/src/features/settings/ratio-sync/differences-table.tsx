import { Checkbox, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { DifferenceRow, Selection } from './ratio-sync-plan';

interface DifferencesTableProps {
  rows: readonly DifferenceRow[];
  sources: readonly string[];
  selection: Selection;
  onSelection: (selection: Selection) => void;
}

/** The first source that gives the row a figure of its own (what a row's checkbox picks). */
export function firstValueSource(
  row: DifferenceRow,
  sources: readonly string[],
): string | undefined {
  return sources.find((source) => typeof row.upstreams[source] === 'number');
}

/**
 * One row per model and field: this site's value, then each source's (a checkbox picks that
 * source's figure for the row; "same" and absent values cannot be picked). The row checkbox picks
 * the first source with a figure, or clears the row.
 */
export function DifferencesTable({ rows, sources, selection, onSelection }: DifferencesTableProps) {
  const { t } = useTranslation('settings');
  const choose = (row: DifferenceRow, source: string | undefined) => {
    const next = { ...selection };
    if (source === undefined) delete next[row.key];
    else next[row.key] = source;
    onSelection(next);
  };

  const columns: ColumnsType<DifferenceRow> = [
    { title: t('ratios.sync.model'), dataIndex: 'model', key: 'model', fixed: 'left', width: 150 },
    {
      title: t('ratios.sync.field'),
      dataIndex: 'field',
      key: 'field',
      width: 130,
      render: (field: string) => t(`ratios.sync.fields.${field}`),
    },
    {
      title: t('ratios.sync.current'),
      dataIndex: 'current',
      key: 'current',
      width: 110,
      render: (value: number | null) =>
        value === null ? (
          <Typography.Text type="secondary">{t('ratios.sync.unset')}</Typography.Text>
        ) : (
          value
        ),
    },
    ...sources.map((source) => ({
      title: source,
      key: `source:${source}`,
      width: 150,
      render: (_: unknown, row: DifferenceRow) => {
        const value = row.upstreams[source];
        if (value === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
        if (value === 'same') return <Tag>{t('ratios.sync.same')}</Tag>;
        const lowConfidence = row.confidence?.[source] === false;
        return (
          <Checkbox
            checked={selection[row.key] === source}
            onChange={(event) => choose(row, event.target.checked ? source : undefined)}
            aria-label={`${row.model} ${source}`}
          >
            {value}
            {lowConfidence && (
              <Typography.Text type="warning" title={t('ratios.sync.converted')}>
                {' '}
                *
              </Typography.Text>
            )}
          </Checkbox>
        );
      },
    })),
  ];

  return (
    <Table<DifferenceRow>
      size="small"
      rowKey="key"
      dataSource={[...rows]}
      columns={columns}
      scroll={{ x: 'max-content' }}
      pagination={{ defaultPageSize: 20, showSizeChanger: true }}
      rowSelection={{
        selectedRowKeys: rows
          .filter((row) => selection[row.key] !== undefined)
          .map((row) => row.key),
        onChange: (keys) => {
          const chosen = new Set(keys.map(String));
          const next: Record<string, string> = {};
          for (const row of rows) {
            if (!chosen.has(row.key)) continue;
            const source = selection[row.key] ?? firstValueSource(row, sources);
            if (source !== undefined) next[row.key] = source;
          }
          onSelection(next);
        },
        getCheckboxProps: (row) => ({ disabled: firstValueSource(row, sources) === undefined }),
      }}
    />
  );
}
