import { CloudSyncOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../../components/add-button';
import { DataTable, useListSearch, useTablePaging } from '../../../components/data-table';
import { useIsMobile } from '../../../lib/use-is-mobile';
import type { ModelMeta } from '../model-shapes';
import { useAllVendorsQuery, useModelsQuery } from '../queries';
import type { VendorFilter } from '../rules/vendor-filter';
import { MissingModelsDialog } from '../dialogs/missing-models-dialog';
import { ModelFormDrawer, type ModelDrawerTarget } from '../dialogs/model-form-drawer';
import { SyncDialog } from '../dialogs/sync-dialog';
import { useModelColumns } from './use-model-columns';
import { VendorFilterBar } from './vendor-filter-bar';

interface ModelSearch {
  keyword: string;
  vendor: VendorFilter;
}

/** The models tab: vendor filter bar, search, the paged list, and its drawers and dialogs. */
export function ModelsTab() {
  const { t } = useTranslation('models');
  const isMobile = useIsMobile();
  const paging = useTablePaging();
  const { page, setPage, pageSize } = paging;
  const [search, applySearch] = useListSearch<ModelSearch>({ keyword: '', vendor: 'all' }, setPage);
  const [keywordDraft, setKeywordDraft] = useState('');
  const [drawer, setDrawer] = useState<ModelDrawerTarget | null>(null);
  const [missingOpen, setMissingOpen] = useState(false);
  const [syncOpen, setSyncOpen] = useState(false);
  const listQuery = useModelsQuery({ page, pageSize, ...search });
  const vendorsQuery = useAllVendorsQuery();
  const vendors = vendorsQuery.data ?? [];
  const columns = useModelColumns({
    vendors,
    onEdit: (model: ModelMeta) => setDrawer({ mode: 'edit', id: model.id }),
  });
  const rows = listQuery.data?.items ?? [];

  // A page emptied by deletions steps back to the previous one.
  useEffect(() => {
    if (!listQuery.isFetching && rows.length === 0 && page > 1) setPage(page - 1);
  }, [listQuery.isFetching, rows.length, page]);

  return (
    <>
      <DataTable<ModelMeta>
        tableKey="models"
        columns={columns}
        rows={rows}
        rowKey={(model) => model.id}
        loading={listQuery.isFetching}
        filters={
          <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            <Input.Search
              allowClear
              value={keywordDraft}
              placeholder={t('search.placeholder')}
              enterButton={t('search.submit')}
              aria-label={t('search.placeholder')}
              style={{ width: isMobile ? '100%' : 360 }}
              onChange={(event) => setKeywordDraft(event.target.value)}
              onSearch={(keyword) => applySearch({ ...search, keyword: keyword.trim() })}
            />
            <VendorFilterBar
              counts={listQuery.data?.vendorCounts ?? {}}
              vendors={vendors}
              value={search.vendor}
              onChange={(vendor) => applySearch({ ...search, vendor })}
            />
          </div>
        }
        actions={
          <>
            <AddButton onClick={() => setDrawer({ mode: 'add', name: '' })}>
              {t('toolbar.add')}
            </AddButton>
            <Button icon={<QuestionCircleOutlined />} onClick={() => setMissingOpen(true)}>
              {t('toolbar.missing')}
            </Button>
            <Button icon={<CloudSyncOutlined />} onClick={() => setSyncOpen(true)}>
              {t('toolbar.sync')}
            </Button>
          </>
        }
        pagination={paging.pagination(listQuery.data?.total ?? 0)}
      />
      <ModelFormDrawer target={drawer} vendors={vendors} onClose={() => setDrawer(null)} />
      <MissingModelsDialog
        open={missingOpen}
        onClose={() => setMissingOpen(false)}
        onConfigure={(name) => {
          setMissingOpen(false);
          setDrawer({ mode: 'add', name });
        }}
      />
      <SyncDialog open={syncOpen} onClose={() => setSyncOpen(false)} />
    </>
  );
}
