import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  cellColumn,
  RowActions,
  TipTags,
  type DataTableColumn,
  type RowAction,
} from '../../../components/data-table';
import { formatNumber, formatQuota } from '../../../lib/quota-format';
import type { ManageAction, ManagedUser } from '../api';
import { RoleTag } from '../../../components/role-tag';
import { GroupTags, UserStatusTag } from './user-tags';

interface UserColumnHandlers {
  onEdit: (user: ManagedUser) => void;
  onManage: (user: ManagedUser, action: ManageAction) => void;
  /** Removes the user's two-factor sign-in (the server allows it on lower roles only). */
  onResetTwoFactor: (user: ManagedUser) => void;
  /** Removes the user's passkey (same role rules). */
  onResetPasskey: (user: ManagedUser) => void;
}

/** Columns of the user list, with the per-row actions. */
export function useUserColumns({
  onEdit,
  onManage,
  onResetTwoFactor,
  onResetPasskey,
}: UserColumnHandlers): DataTableColumn<ManagedUser>[] {
  const { t } = useTranslation('users');

  const actionsFor = (user: ManagedUser): RowAction[] => [
    {
      key: 'promote',
      label: t('actions.promote'),
      confirm: { title: t('actions.confirmPromote') },
      onClick: () => onManage(user, 'promote'),
    },
    {
      key: 'demote',
      label: t('actions.demote'),
      confirm: { title: t('actions.confirmDemote') },
      onClick: () => onManage(user, 'demote'),
    },
    user.status === 1
      ? {
          key: 'disable',
          label: t('actions.disable'),
          confirm: { title: t('actions.confirmDisable') },
          onClick: () => onManage(user, 'disable'),
        }
      : {
          key: 'enable',
          label: t('actions.enable'),
          // Status 3 ("other") cannot be enabled from here.
          disabled: user.status === 3,
          confirm: { title: t('actions.confirmEnable') },
          onClick: () => onManage(user, 'enable'),
        },
    { key: 'edit', label: t('actions.edit'), onClick: () => onEdit(user) },
    {
      key: 'reset-2fa',
      label: t('twoFactor:admin.reset'),
      confirm: {
        title: t('twoFactor:admin.confirmReset'),
        description: t('twoFactor:admin.confirmResetDetail'),
      },
      onClick: () => onResetTwoFactor(user),
    },
    {
      key: 'reset-passkey',
      label: t('passkeys:admin.reset'),
      confirm: {
        title: t('passkeys:admin.confirmReset'),
        description: t('passkeys:admin.confirmResetDetail'),
      },
      onClick: () => onResetPasskey(user),
    },
    {
      key: 'delete',
      label: t('actions.delete'),
      danger: true,
      confirm: { title: t('actions.confirmDelete'), description: t('actions.confirmDeleteDetail') },
      onClick: () => onManage(user, 'delete'),
    },
  ];

  return [
    { key: 'id', title: 'ID', dataIndex: 'id', hideable: false },
    {
      key: 'username',
      title: t('columns.username'),
      hideable: false,
      render: (_, user) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text>{user.username}</Typography.Text>
          {user.display_name && user.display_name !== user.username && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {user.display_name}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    cellColumn('group', t('columns.group'), (user) => <GroupTags group={user.group} />),
    {
      key: 'statistics',
      title: t('columns.statistics'),
      render: (_, user) => (
        <TipTags
          tags={[
            { tip: t('statistics.remainingQuota'), text: formatQuota(user.quota) },
            { tip: t('statistics.usedQuota'), text: formatQuota(user.used_quota) },
            { tip: t('statistics.requestCount'), text: formatNumber(user.request_count) },
          ]}
        />
      ),
    },
    {
      key: 'invitation',
      title: t('columns.invitation'),
      render: (_, user) => (
        <TipTags
          tags={[
            { tip: t('invitation.count'), text: formatNumber(user.aff_count) },
            { tip: t('invitation.totalReward'), text: formatQuota(user.aff_history_quota) },
            {
              tip: t('invitation.inviterId'),
              text: user.inviter_id === 0 ? t('invitation.none') : user.inviter_id,
            },
          ]}
        />
      ),
    },
    cellColumn('role', t('columns.role'), (user) => <RoleTag role={user.role} />),
    {
      key: 'status',
      title: t('columns.status'),
      render: (_, user) => (
        <UserStatusTag status={user.status} deregistered={user.DeletedAt !== null} />
      ),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      hideable: false,
      render: (_, user) =>
        user.DeletedAt !== null ? null : <RowActions actions={actionsFor(user)} />,
    },
  ];
}
