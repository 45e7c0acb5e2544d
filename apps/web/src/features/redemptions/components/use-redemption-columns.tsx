import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  cellColumn,
  RowActions,
  type DataTableColumn,
  type RowAction,
} from '../../../components/data-table';
import { copyWithFeedback } from '../../../lib/clipboard';
import { formatQuota } from '../../../lib/quota-format';
import { useIsMobile } from '../../../lib/use-is-mobile';
import type { RedemptionCode } from '../api';
import { canEditCode, statusToggle } from '../rules/code-status';
import { RedemptionActionsMenu } from './redemption-actions-menu';
import { RedemptionStatusTag } from './redemption-status-tag';
import { TimeCell } from './time-cell';

/** What the row actions do; the page owns the dialogs and mutations. */
export interface RedemptionRowHandlers {
  onEdit: (code: RedemptionCode) => void;
  /** Sets `status` (1 re-enable, 2 disable). */
  onToggle: (code: RedemptionCode, status: number) => void;
  onDelete: (code: RedemptionCode) => void;
}

/** Columns of the code list, with the per-row actions. */
export function useRedemptionColumns(
  handlers: RedemptionRowHandlers,
): DataTableColumn<RedemptionCode>[] {
  const { onEdit, onToggle, onDelete } = handlers;
  const { t } = useTranslation('redemptions');
  const isMobile = useIsMobile();

  const actionsFor = (code: RedemptionCode): RowAction[] => {
    const toggle = statusToggle(code.status);
    return [
      { key: 'copy', label: t('actions.copy'), onClick: () => void copyWithFeedback(code.key) },
      {
        key: toggle.action,
        label: t(`actions.${toggle.action}`),
        // A used code stays used: enabling it is unavailable.
        disabled: toggle.next === null,
        onClick: () => {
          if (toggle.next !== null) onToggle(code, toggle.next);
        },
      },
      {
        key: 'edit',
        label: t('actions.edit'),
        disabled: !canEditCode(code.status),
        onClick: () => onEdit(code),
      },
      {
        key: 'delete',
        label: t('actions.delete'),
        danger: true,
        confirm: {
          title: t('actions.confirmDelete'),
          description: t('actions.confirmDeleteDetail'),
        },
        onClick: () => onDelete(code),
      },
    ];
  };

  return [
    { key: 'id', title: 'ID', dataIndex: 'id', hideable: false },
    {
      key: 'name',
      title: t('columns.name'),
      hideable: false,
      render: (_, code) => <Typography.Text strong>{code.name}</Typography.Text>,
    },
    cellColumn('status', t('columns.status'), (code) => (
      <RedemptionStatusTag status={code.status} />
    )),
    cellColumn('quota', t('columns.quota'), (code) => (
      <span style={{ whiteSpace: 'nowrap' }}>{formatQuota(code.quota)}</span>
    )),
    cellColumn('createdTime', t('columns.createdTime'), (code) => (
      <TimeCell seconds={code.created_time} empty={t('none')} />
    )),
    cellColumn('redeemedTime', t('columns.redeemedTime'), (code) => (
      <TimeCell seconds={code.redeemed_time} empty={t('none')} />
    )),
    {
      key: 'usedUserId',
      title: t('columns.usedUserId'),
      render: (_, code) =>
        code.used_user_id === 0 ? (
          <Typography.Text type="secondary">{t('none')}</Typography.Text>
        ) : (
          code.used_user_id
        ),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      hideable: false,
      // Kept in view while the list scrolls sideways; phones get one menu button instead.
      fixed: 'right',
      render: (_, code) =>
        isMobile ? (
          <RedemptionActionsMenu code={code} {...handlers} />
        ) : (
          <RowActions actions={actionsFor(code)} />
        ),
    },
  ];
}
