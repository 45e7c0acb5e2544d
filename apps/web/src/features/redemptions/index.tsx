import { Card, ConfigProvider, Empty } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../components/add-button';
import { DataTable, useListSearch, useTablePaging } from '../../components/data-table';
import { notify } from '../../lib/notifier';
import type { RedemptionCode } from './api';
import { RedemptionEmpty } from './components/redemption-empty';
import { RedemptionSearchBar } from './components/redemption-search-bar';
import { useRedemptionColumns } from './components/use-redemption-columns';
import { CreatedCodesDialog, type CreatedCodes } from './dialogs/created-codes-dialog';
import { RedemptionFormDrawer, type RedemptionFormTarget } from './dialogs/redemption-form-drawer';
import {
  useDeleteRedemptionMutation,
  useRedemptionStatusMutation,
  useRedemptionsQuery,
} from './queries';
import { isRedeemable } from './rules/code-status';
import './redemptions.css';

/**
 * Redemption codes (admin, /redemption): paged list with search, create, edit, enable/disable,
 * delete, copy. The route table mounts it for admins only (non-admins get the 403 page without
 * it asking the server).
 */
export default function RedemptionsPage() {
  const { t } = useTranslation('redemptions');
  const paging = useTablePaging();
  const { page, setPage, pageSize } = paging;
  const [keyword, applySearch] = useListSearch('', setPage);
  const [formTarget, setFormTarget] = useState<RedemptionFormTarget>(null);
  const [created, setCreated] = useState<CreatedCodes | null>(null);
  const listQuery = useRedemptionsQuery({ page, pageSize, keyword });
  const statusMutation = useRedemptionStatusMutation();
  const deleteMutation = useDeleteRedemptionMutation();
  const rows = listQuery.data?.items ?? [];
  const total = listQuery.data?.total ?? 0;

  // Deleting the last rows of the last page leaves the pager past the end.
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  useEffect(() => {
    if (listQuery.isSuccess && !listQuery.isFetching && page > lastPage) setPage(lastPage);
  }, [listQuery.isSuccess, listQuery.isFetching, page, lastPage]);

  const done = () => notify.success(t('actions.success'));
  const columns = useRedemptionColumns({
    onEdit: (code) => setFormTarget({ mode: 'edit', id: code.id }),
    onToggle: (code, status) => statusMutation.mutate({ id: code.id, status }, { onSuccess: done }),
    onDelete: (code) => deleteMutation.mutate(code.id, { onSuccess: done }),
  });

  const openCreate = () => setFormTarget({ mode: 'create' });
  return (
    <Card title={t('title')}>
      <ConfigProvider
        // Only the table's own empty state is replaced; anything else inside keeps a plain one.
        renderEmpty={(componentName) =>
          componentName === 'Table' ? (
            <RedemptionEmpty
              failed={listQuery.isError}
              searching={keyword !== ''}
              onRetry={() => void listQuery.refetch()}
              onCreate={openCreate}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          )
        }
      >
        <DataTable<RedemptionCode>
          tableKey="redemptions"
          columns={columns}
          rows={rows}
          rowKey={(code) => code.id}
          loading={listQuery.isFetching || statusMutation.isPending || deleteMutation.isPending}
          rowClassName={(code) => (isRedeemable(code.status) ? '' : 'tg-redemption-inactive-row')}
          filters={<RedemptionSearchBar value={keyword} onSearch={applySearch} />}
          actions={<AddButton onClick={openCreate}>{t('add')}</AddButton>}
          pagination={paging.pagination(total)}
        />
      </ConfigProvider>
      <RedemptionFormDrawer
        target={formTarget}
        onClose={() => setFormTarget(null)}
        onCreated={setCreated}
      />
      <CreatedCodesDialog created={created} onClose={() => setCreated(null)} />
    </Card>
  );
}
