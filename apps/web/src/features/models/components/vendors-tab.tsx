import { Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../../components/add-button';
import {
  cellColumn,
  DataTable,
  RowActions,
  useListSearch,
  useTablePaging,
  type DataTableColumn,
} from '../../../components/data-table';
import { MetaIcon } from '../../../components/meta-icon';
import { onSuccessNotify } from '../../../lib/success-feedback';
import { VendorFormDialog, type VendorDialogTarget } from '../dialogs/vendor-form-dialog';
import type { Vendor } from '../model-shapes';
import { useDeleteVendorMutation, useVendorsQuery } from '../queries';
import { unixTimeText } from '../../../lib/unix-time';

/** The vendors tab: search, the paged list, add, edit and delete. */
export function VendorsTab() {
  const { t } = useTranslation('models');
  const paging = useTablePaging();
  const { page, setPage, pageSize } = paging;
  const [keyword, applyKeyword] = useListSearch('', setPage);
  const [dialog, setDialog] = useState<VendorDialogTarget | null>(null);
  const listQuery = useVendorsQuery({ page, pageSize, keyword });
  const deleteMutation = useDeleteVendorMutation();

  const columns: DataTableColumn<Vendor>[] = [
    cellColumn('id', 'ID', (vendor) => vendor.id, { hideable: false }),
    cellColumn(
      'name',
      t('vendors.columns.name'),
      (vendor) => (
        <Space size={6}>
          <MetaIcon icon={vendor.icon} name={vendor.name} />
          <Typography.Text strong>{vendor.name}</Typography.Text>
        </Space>
      ),
      { hideable: false },
    ),
    cellColumn('description', t('vendors.columns.description'), (vendor) =>
      vendor.description === '' ? (
        <Typography.Text type="secondary">-</Typography.Text>
      ) : (
        <Typography.Text style={{ maxWidth: 320 }} ellipsis={{ tooltip: vendor.description }}>
          {vendor.description}
        </Typography.Text>
      ),
    ),
    cellColumn('status', t('vendors.columns.status'), (vendor) =>
      vendor.status === 1 ? (
        <Tag color="green">{t('vendors.status.enabled')}</Tag>
      ) : (
        <Tag color="red">{t('vendors.status.disabled')}</Tag>
      ),
    ),
    cellColumn('updated_time', t('vendors.columns.updated'), (vendor) => (
      <span style={{ whiteSpace: 'nowrap' }}>{unixTimeText(vendor.updated_time)}</span>
    )),
    cellColumn(
      'actions',
      t('vendors.columns.actions'),
      (vendor) => (
        <RowActions
          actions={[
            {
              key: 'edit',
              label: t('actions.edit'),
              onClick: () => setDialog({ mode: 'edit', id: vendor.id }),
            },
            {
              key: 'delete',
              label: t('actions.delete'),
              danger: true,
              confirm: {
                title: t('vendors.deleteConfirm', { name: vendor.name }),
                description: t('vendors.deleteDescription'),
              },
              onClick: () =>
                deleteMutation.mutate(vendor.id, onSuccessNotify(t('vendors.deleted'))),
            },
          ]}
        />
      ),
      { hideable: false },
    ),
  ];

  return (
    <>
      <DataTable<Vendor>
        tableKey="vendors"
        columns={columns}
        rows={listQuery.data?.items ?? []}
        rowKey={(vendor) => vendor.id}
        loading={listQuery.isFetching}
        filters={
          <Input.Search
            allowClear
            placeholder={t('vendors.searchPlaceholder')}
            aria-label={t('vendors.searchPlaceholder')}
            enterButton={t('search.submit')}
            style={{ width: 320, maxWidth: '100%' }}
            onSearch={(value) => applyKeyword(value.trim())}
          />
        }
        actions={
          <AddButton onClick={() => setDialog({ mode: 'add' })}>{t('vendors.add')}</AddButton>
        }
        pagination={paging.pagination(listQuery.data?.total ?? 0)}
      />
      <VendorFormDialog target={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
