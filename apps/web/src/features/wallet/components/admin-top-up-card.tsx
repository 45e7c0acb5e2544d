import { AuditOutlined, ReloadOutlined } from '@ant-design/icons';
import { TOP_UP_STATUS, type AdminTopUpOrder } from '@tollgate/contracts';
import { Button, Card, Input, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  cellColumn,
  DataTable,
  useTablePaging,
  type DataTableColumn,
} from '../../../components/data-table';
import { notify } from '../../../lib/notifier';
import type { QuotaDisplay } from '../../../lib/quota-format';
import { unixTimeText } from '../../../lib/unix-time';
import { useAdminTopUpPageQuery, useCompleteTopUpMutation } from '../gateway-queries';
import { formatTopUpOrderAmount, orderMoneyText } from '../rules/money';
import { paymentMethodLabel, TopUpStatusTag } from './top-up-status-tag';

const timeOf = (seconds: number) => unixTimeText(seconds, '—');

/**
 * Admins: every user's top-up orders, searched by order number or username, with manual
 * completion of a pending order (the server credits it once and logs who did it).
 */
export function AdminTopUpCard({ display }: { display: QuotaDisplay }) {
  const { t } = useTranslation('wallet');
  const paging = useTablePaging();
  const [keyword, setKeyword] = useState('');
  const query = useAdminTopUpPageQuery(paging.page, paging.pageSize, keyword);
  const complete = useCompleteTopUpMutation();

  const completeOrder = (tradeNo: string) =>
    complete.mutate(tradeNo, {
      onSuccess: () => notify.success(t('admin.completed')),
      onError: (error) => notify.error(error instanceof Error ? error.message : t('admin.failed')),
    });

  const columns: DataTableColumn<AdminTopUpOrder>[] = [
    cellColumn('create_time', t('history.createTime'), (order) => timeOf(order.create_time)),
    cellColumn('username', t('admin.user'), (order) => order.username || `#${order.user_id}`),
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
    {
      key: 'actions',
      title: t('admin.actions'),
      render: (_, order) =>
        order.status === TOP_UP_STATUS.pending ? (
          <Popconfirm
            title={t('admin.confirmComplete', { tradeNo: order.trade_no })}
            onConfirm={() => completeOrder(order.trade_no)}
          >
            <Button
              size="small"
              loading={complete.isPending && complete.variables === order.trade_no}
            >
              {t('admin.complete')}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <Card
      title={
        <span>
          <AuditOutlined style={{ marginRight: 8 }} />
          {t('admin.title')}
        </span>
      }
    >
      <DataTable<AdminTopUpOrder>
        tableKey="admin-top-ups"
        columns={columns}
        rows={query.data?.orders ?? []}
        rowKey={(order) => order.id}
        loading={query.isFetching}
        actions={
          <Space wrap>
            <Input.Search
              allowClear
              placeholder={t('admin.search')}
              onSearch={(value) => {
                setKeyword(value.trim());
                paging.setPage(1);
              }}
              style={{ width: 240 }}
            />
            <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
              {t('history.refresh')}
            </Button>
          </Space>
        }
        pagination={paging.pagination(query.data?.total ?? 0)}
      />
    </Card>
  );
}
