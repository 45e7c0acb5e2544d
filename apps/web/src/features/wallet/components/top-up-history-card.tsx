import { HistoryOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  cellColumn,
  DataTable,
  useTablePaging,
  type DataTableColumn,
} from '../../../components/data-table';
import type { QuotaDisplay } from '../../../lib/quota-format';
import { unixTimeText } from '../../../lib/unix-time';
import type { TopUpOrder } from '../api';
import { useTopUpPageQuery } from '../queries';
import { formatTopUpOrderAmount, orderMoneyText } from '../rules/money';
import { paymentMethodLabel, TopUpStatusTag } from './top-up-status-tag';

const timeOf = (seconds: number) => unixTimeText(seconds, '—');

/** The user's own online top-up orders, newest first. */
export function TopUpHistoryCard({ display }: { display: QuotaDisplay }) {
  const { t } = useTranslation('wallet');
  const paging = useTablePaging();
  const query = useTopUpPageQuery(paging.page, paging.pageSize);

  const columns: DataTableColumn<TopUpOrder>[] = [
    cellColumn('create_time', t('history.createTime'), (order) => timeOf(order.create_time)),
    cellColumn('amount', t('history.amount'), (order) => formatTopUpOrderAmount(order, display)),
    cellColumn('money', t('history.money'), (order) =>
      orderMoneyText(order, (value) => t('money', { value })),
    ),
    cellColumn('payment_method', t('history.paymentMethod'), (order) =>
      paymentMethodLabel(order.payment_method),
    ),
    cellColumn('status', t('history.status'), (order) => <TopUpStatusTag status={order.status} />),
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
