import { Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../components/add-button';
import { DataTable, useListSearch, useTablePaging } from '../../components/data-table';
import { notify } from '../../lib/notifier';
import { useResetUserTwoFactorMutation } from '../two-factor';
import { useResetUserPasskeyMutation } from '../passkeys';
import type { ManageAction, ManagedUser } from './api';
import { useUserColumns } from './components/use-user-columns';
import { UserSearchBar, type UserFilters } from './components/user-search-bar';
import { AddUserDrawer } from './dialogs/add-user-drawer';
import { EditUserDrawer } from './dialogs/edit-user-drawer';
import { useGroupsQuery, useManageUserMutation, useUsersQuery } from './queries';

/**
 * User management (admin): paged list, search, add, edit and per-row actions. The route table
 * mounts it for admins only (non-admins get the 403 page without it asking the server).
 */
export default function UsersPage() {
  const { t } = useTranslation('users');
  const paging = useTablePaging();
  const { page, setPage, pageSize } = paging;
  const [filters, applySearch] = useListSearch<UserFilters>({ keyword: '', group: '' }, setPage);
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  const usersQuery = useUsersQuery({ page, pageSize, ...filters });
  const groupsQuery = useGroupsQuery();
  const manageMutation = useManageUserMutation();
  const resetTwoFactor = useResetUserTwoFactorMutation();
  const resetPasskey = useResetUserPasskeyMutation();

  const onManage = (user: ManagedUser, action: ManageAction) => {
    manageMutation.mutate(
      { id: user.id, action },
      { onSuccess: () => notify.success(t('actions.success')) },
    );
  };
  const onResetTwoFactor = (user: ManagedUser) =>
    resetTwoFactor.mutate(user.id, {
      onSuccess: () => notify.success(t('twoFactor:admin.resetSuccess')),
    });
  const onResetPasskey = (user: ManagedUser) =>
    resetPasskey.mutate(user.id, {
      onSuccess: () => notify.success(t('passkeys:admin.resetSuccess')),
    });
  const columns = useUserColumns({
    onEdit: (user) => setEditingId(user.id),
    onManage,
    onResetTwoFactor,
    onResetPasskey,
  });

  return (
    <Card title={t('title')}>
      <DataTable<ManagedUser>
        tableKey="users"
        columns={columns}
        rows={usersQuery.data?.items ?? []}
        rowKey={(user) => user.id}
        loading={
          usersQuery.isFetching ||
          manageMutation.isPending ||
          resetTwoFactor.isPending ||
          resetPasskey.isPending
        }
        rowClassName={(user) => (user.DeletedAt !== null ? 'tg-deregistered-row' : '')}
        filters={
          <UserSearchBar groups={groupsQuery.data ?? []} value={filters} onSearch={applySearch} />
        }
        actions={<AddButton onClick={() => setAdding(true)}>{t('add.open')}</AddButton>}
        pagination={paging.pagination(usersQuery.data?.total ?? 0)}
      />
      <AddUserDrawer open={adding} onClose={() => setAdding(false)} />
      <EditUserDrawer userId={editingId} onClose={() => setEditingId(null)} />
    </Card>
  );
}

export { UserEditorPage } from './editor-page';
