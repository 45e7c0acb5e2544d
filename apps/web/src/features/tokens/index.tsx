import { TOKEN_STATUS } from '@tollgate/contracts';
import { Alert, Card } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../components/add-button';
import { DataTable, useListSearch, useTablePaging } from '../../components/data-table';
import { notify } from '../../lib/notifier';
import type { Token } from './api';
import { useTokenColumns } from './components/use-token-columns';
import { TokenSearchBar } from './components/token-search-bar';
import { TokenFormDrawer, type TokenFormTarget } from './dialogs/token-form-drawer';
import { useDeleteTokenMutation, useTokenStatusMutation, type TokenSearch } from './queries';
import { useTokenList } from './use-token-list';
import './tokens.css';

/** API tokens (/token): list with search, add, edit, enable/disable, delete, copy and chat. */
export default function TokensPage() {
  const { t } = useTranslation('tokens');
  const paging = useTablePaging();
  const { page, setPage, pageSize } = paging;
  const [search, applySearch] = useListSearch<TokenSearch>({ keyword: '', token: '' }, setPage);
  const [formTarget, setFormTarget] = useState<TokenFormTarget>(null);
  const list = useTokenList(page, pageSize, search);
  const statusMutation = useTokenStatusMutation();
  const deleteMutation = useDeleteTokenMutation();

  // Deleting the last rows, or a last page that turned out empty, leaves the pager past the end.
  const lastPage = Math.max(1, Math.ceil(list.total / pageSize));
  useEffect(() => {
    if (!list.loading && page > lastPage) setPage(lastPage);
  }, [list.loading, page, lastPage]);

  const done = () => notify.success(t('actions.success'));
  const columns = useTokenColumns({
    showLimits: list.rows.some((token) => token.limit_usage.length > 0),
    onEdit: (token) => setFormTarget({ mode: 'edit', id: token.id }),
    onToggle: (token) =>
      statusMutation.mutate(
        {
          id: token.id,
          status:
            token.status === TOKEN_STATUS.enabled ? TOKEN_STATUS.disabled : TOKEN_STATUS.enabled,
        },
        { onSuccess: done },
      ),
    onDelete: (token) => deleteMutation.mutate(token.id, { onSuccess: done }),
  });

  const firstRow = (page - 1) * pageSize + 1;
  return (
    <Card title={t('title')}>
      <Alert type="warning" showIcon title={t('warning')} style={{ marginBottom: 16 }} />
      <DataTable<Token>
        tableKey="tokens"
        columns={columns}
        rows={list.rows}
        rowKey={(token) => token.id}
        loading={list.loading || statusMutation.isPending || deleteMutation.isPending}
        rowClassName={(token) =>
          token.status === TOKEN_STATUS.enabled ? '' : 'tg-token-inactive-row'
        }
        filters={<TokenSearchBar value={search} onSearch={applySearch} />}
        actions={
          <AddButton onClick={() => setFormTarget({ mode: 'create' })}>{t('add')}</AddButton>
        }
        pagination={{
          page,
          pageSize,
          total: list.total,
          totalText: () =>
            list.rows.length === 0
              ? t('pager.empty')
              : t(list.more ? 'pager.rangeMore' : 'pager.range', {
                  start: firstRow,
                  end: firstRow + list.rows.length - 1,
                  loaded: list.loadedCount,
                }),
          onChange: paging.onChange,
        }}
      />
      <TokenFormDrawer target={formTarget} onClose={() => setFormTarget(null)} />
    </Card>
  );
}
