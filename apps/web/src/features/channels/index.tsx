import type { ChannelTagRow, ChannelView } from '@tollgate/contracts';
import { Card } from 'antd';
import { useEffect, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, useListSearch, useTablePaging } from '../../components/data-table';
import { readString, writeString } from '../../lib/local-store';
import type { ChannelSearch } from './api';
import { isTagRow, type ChannelListRow } from './channel-shapes';
import {
  ChannelListActions,
  ChannelListSwitches,
  type ListSwitches,
} from './components/channel-list-toolbar';
import { ChannelSearchBar, emptySearch } from './components/channel-search-bar';
import { useBulkHandlers } from './components/use-bulk-handlers';
import { useChannelColumns } from './components/use-channel-columns';
import { useRowHandlers } from './components/use-row-handlers';
import { BatchTagDialog } from './dialogs/batch-tag-dialog';
import { ChannelFormDrawer, type ChannelDrawerTarget } from './dialogs/channel-form-drawer';
import { CopyChannelDialog } from './dialogs/copy-channel-dialog';
import { KeyManagementDialog } from './dialogs/key-management-dialog';
import { EditTagDialog } from './dialogs/edit-tag-dialog';
import { DetectUpstreamModal } from './upstream-detection/detect-upstream-modal';
import { useChannelListQuery, useGroupsQuery } from './queries';

export { ChannelEditorPage } from './editor-page';

/** The id-sort choice is remembered under the reference console's key. */
const idSortKey = 'id-sort';

function rowKey(row: ChannelListRow): string | number {
  return isTagRow(row) ? `tag:${row.tag}` : row.id;
}

/**
 * Channel management (admin): the paged list with search, quick edits and bulk actions. The route
 * table mounts it for admins only (non-admins get the 403 page without it asking the server).
 */
export default function ChannelsPage() {
  const { t } = useTranslation('channels');
  const paging = useTablePaging();
  const { page, setPage, pageSize } = paging;
  const [search, applySearch] = useListSearch<ChannelSearch>(emptySearch, setPage);
  const [switches, setSwitches] = useState<ListSwitches>(() => ({
    idSort: readString(idSortKey) === 'true',
    tagMode: false,
    batchMode: false,
  }));
  const [selectedIds, setSelectedIds] = useState<number[]>([]);
  const [drawer, setDrawer] = useState<ChannelDrawerTarget | null>(null);
  const [editingTag, setEditingTag] = useState<ChannelTagRow | null>(null);
  const [taggingIds, setTaggingIds] = useState<number[] | null>(null);
  const [detecting, setDetecting] = useState<{ id: number; name: string } | null>(null);
  const [copying, setCopying] = useState<ChannelView | null>(null);
  const [keysOf, setKeysOf] = useState<ChannelView | null>(null);

  const listQuery = useChannelListQuery({
    page,
    pageSize,
    idSort: switches.idSort,
    tagMode: switches.tagMode,
    search,
  });
  const groupsQuery = useGroupsQuery();
  const rowHandlers = useRowHandlers({
    onEdit: (channel) => setDrawer({ mode: 'edit', id: channel.id }),
    onEditTag: setEditingTag,
    onCopy: setCopying,
    onManageKeys: setKeysOf,
  });
  const bulk = useBulkHandlers({
    selectedIds,
    onDeleted: () => setSelectedIds([]),
    onTagSelected: setTaggingIds,
  });
  const columns = useChannelColumns({ ...rowHandlers, onDetectUpstream: setDetecting });
  const { rows, total, exact } = listQuery.pageWindow;

  // A page emptied by deletions steps back to the previous one.
  useEffect(() => {
    if (!listQuery.isFetching && rows.length === 0 && page > 1) setPage(page - 1);
  }, [listQuery.isFetching, rows.length, page]);

  const changeSwitches = (next: ListSwitches) => {
    if (next.idSort !== switches.idSort) writeString(idSortKey, String(next.idSort));
    setSwitches(next);
    setSelectedIds([]);
    if (next.idSort !== switches.idSort || next.tagMode !== switches.tagMode) setPage(1);
  };

  return (
    <Card title={t('title')}>
      <DataTable<ChannelListRow>
        tableKey="channels"
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        loading={listQuery.isFetching}
        filters={
          <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            <ChannelSearchBar
              groups={groupsQuery.data ?? []}
              value={search}
              onSearch={applySearch}
            />
            <ChannelListSwitches value={switches} onChange={changeSwitches} />
          </div>
        }
        actions={
          <ChannelListActions
            batchMode={switches.batchMode}
            selectedCount={selectedIds.length}
            busy={bulk.busy}
            onAdd={() => setDrawer({ mode: 'add' })}
            onRefresh={() => void listQuery.refetch()}
            bulk={bulk.handlers}
          />
        }
        rowSelection={
          switches.batchMode
            ? {
                selectedRowKeys: selectedIds,
                preserveSelectedRowKeys: true,
                onChange: (keys: Key[]) =>
                  setSelectedIds(keys.filter((key): key is number => typeof key === 'number')),
                getCheckboxProps: (row) => ({ disabled: isTagRow(row) }),
              }
            : undefined
        }
        pagination={{
          page,
          pageSize,
          total,
          totalText: exact
            ? undefined
            : (range) => t('pageRange', { start: range[0], end: range[1] }),
          onChange: paging.onChange,
        }}
      />
      <ChannelFormDrawer target={drawer} onClose={() => setDrawer(null)} />
      <EditTagDialog row={editingTag} onClose={() => setEditingTag(null)} />
      <DetectUpstreamModal channel={detecting} onClose={() => setDetecting(null)} />
      <CopyChannelDialog channel={copying} onClose={() => setCopying(null)} />
      <KeyManagementDialog channel={keysOf} onClose={() => setKeysOf(null)} />
      <BatchTagDialog
        ids={taggingIds}
        onClose={(tagged) => {
          setTaggingIds(null);
          if (tagged) setSelectedIds([]);
        }}
      />
    </Card>
  );
}
