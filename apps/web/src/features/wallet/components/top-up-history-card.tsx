import { HistoryOutlined, ReloadOutlined } from '@ant-design/icons';
import { TOP_UP_STATUS } from '@tollgate/contracts';
import { Button, Card, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  cellColumn,
  DataTable,
  useTablePaging,
  type DataTableColumn,
} from '../../../components/data-table';
import type { QuotaDisplay } from '../../../lib/quota-format';
import type { TopUpOrder } from '../api';
import { useTopUpPageQuery } from '../queries';
import { formatMoney, formatOrderAmount } from '../rules/money';

const timeOf = (seconds: number) =>
  seconds > 0 ? dayjs.unix(seconds).format('YYYY-MM-DD HH:mm:ss') : '—';

function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation('wallet');
  if (status === TOP_UP_STATUS.success) return <Tag color="success">{t('status.success')}</Tag>;
  if (status === TOP_UP_STATUS.pending) return <Tag color="warning">{t('status.pending')}</Tag>;
  return <Tag>{status || t('status.unknown')}</Tag>;
}

/** The user's own online top-up orders, newest first. */
export function TopUpHistoryCard({ display }: { display: QuotaDisplay }) {
  const { t } = useTranslation('wallet');
  const paging = useTablePaging();
  const query = useTopUpPageQuery(paging.page, paging.pageSize);

  const columns: DataTableColumn<TopUpOrder>[] = [
    cellColumn('create_time', t('history.createTime'), (order) => timeOf(order.create_time)),
    cellColumn('amount', t('history.amount'), (order) => formatOrderAmount(order.amount, display)),
    cellColumn('money', t('history.money'), (order) =>
      t('money', { value: formatMoney(order.money) }),
    ),
    cellColumn('status', t('history.status'), (order) => <StatusTag status={order.status} />),
    {
      key: 'trade_no',
      title: t('history.tradeNo'),
      render: (_, order) => (
        <Typography.Text copyable={{ text: order.trade_no }} style={{ fontFamily: 'monospace' }}>
          {order.trade_no}
        </Typography.Text>
      ),
    },
    cellColumn('complete_time', t('history.completeTime'), (order) => timeOf(order.complete_time)),
  ];

  return (
    <Card
      title={
        <span>
          <HistoryOutlined style={{ marginRight: 8 }} />
          {t('history.title')}
        </span>
      }
    >
      <DataTable<TopUpOrder>
        tableKey="top-ups"
        columns={columns}
        rows={query.data?.orders ?? []}
        rowKey={(order) => order.id}
        loading={query.isFetching}
        actions={
          <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
            {t('history.refresh')}
          </Button>
        }
        pagination={paging.pagination(query.data?.total ?? 0)}
      />
    </Card>
  );
}
