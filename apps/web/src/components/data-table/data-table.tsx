import { Space, Table, type TableColumnType, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnSettings } from './column-settings';
import { useColumnVisibility } from './use-column-visibility';
import { pageSizeOptions } from './use-saved-page-size';

/** A column of a data table; `hideable: false` keeps it out of the column settings. */
export interface DataTableColumn<Row> extends Omit<TableColumnType<Row>, 'key'> {
  key: string;
  /** Label in the column settings when the title is not plain text. */
  settingsLabel?: ReactNode;
  hideable?: boolean;
}

/** Server-side paging: `page` is 1-based. */
export interface DataTablePagination {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number, pageSize: number) => void;
  /** Replaces the "rows x–y of total" text (e.g. for lists whose total is not known). */
  totalText?: (range: [number, number], total: number) => ReactNode;
  /** The server fixes the page size: no page-size choice is offered. */
  fixedPageSize?: boolean;
}

export interface DataTableProps<Row extends object> {
  /** Names the table's remembered column choice. */
  tableKey: string;
  columns: DataTableColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  loading?: boolean;
  pagination: DataTablePagination;
  /** Left side of the toolbar (search fields). */
  filters?: ReactNode;
  /** Right side of the toolbar (add buttons), before the column settings. */
  actions?: ReactNode;
  rowClassName?: (row: Row) => string;
  /** Expandable rows (antd's `expandable`), e.g. details under a log row. */
  expandable?: TableProps<Row>['expandable'];
  /** Row checkboxes (antd's `rowSelection`), e.g. for batch actions. */
  rowSelection?: TableProps<Row>['rowSelection'];
}

/** The console's list table: toolbar, column settings and server-side pagination. */
export function DataTable<Row extends object>(props: DataTableProps<Row>) {
  const { t } = useTranslation();
  const { isVisible, setVisible, reset } = useColumnVisibility(props.tableKey);
  const hideable = props.columns.filter((column) => column.hideable !== false);
  const columns = props.columns
    .filter((column) => column.hideable === false || isVisible(column.key))
    .map(({ settingsLabel: _label, hideable: _hideable, ...column }) => column);

  return (
    <div>
      <div className="tg-table-toolbar">
        <div>{props.filters}</div>
        <Space wrap>
          {props.actions}
          <ColumnSettings
            columns={hideable.map((column) => ({
              key: column.key,
              label: column.settingsLabel ?? (column.title as ReactNode),
            }))}
            isVisible={isVisible}
            onChange={setVisible}
            onReset={reset}
          />
        </Space>
      </div>
      <Table<Row>
        columns={columns}
        dataSource={props.rows}
        rowKey={props.rowKey}
        loading={props.loading}
        size="middle"
        rowClassName={props.rowClassName}
        expandable={props.expandable}
        rowSelection={props.rowSelection}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: props.pagination.page,
          pageSize: props.pagination.pageSize,
          total: props.pagination.total,
          showSizeChanger: !props.pagination.fixedPageSize,
          pageSizeOptions: pageSizeOptions.map(String),
          showTotal: (total, range) =>
            props.pagination.totalText?.(range, total) ??
            t('table.range', { start: range[0], end: range[1], total }),
          onChange: props.pagination.onChange,
        }}
      />
    </div>
  );
}
