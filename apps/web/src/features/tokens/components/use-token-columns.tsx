import { TOKEN_NEVER_EXPIRES, TOKEN_STATUS } from '@tollgate/contracts';
import { Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  cellColumn,
  RowActions,
  type DataTableColumn,
  type RowAction,
} from '../../../components/data-table';
import { TwoLineTime } from '../../../components/two-line-time';
import { LimitUsageBars } from '../../../components/usage-limits/limit-usage-bars';
import { formatQuota } from '../../../lib/quota-format';
import { useIsMobile } from '../../../lib/use-is-mobile';
import type { Token } from '../api';
import { formatLocalDateTime } from '../rules/expiry';
import { ChatOpenButton } from './chat-open-button';
import { TokenActionsMenu } from './token-actions-menu';
import { TokenKeyCell } from './token-key-cell';
import { RemainQuotaTag, TokenStatusCell } from './token-tags';

/** A time on two lines (date, then time) so that the wide list keeps its actions in view. */
function TimeCell({ seconds }: { seconds: number }): ReactNode {
  return <TwoLineTime dateTime={formatLocalDateTime(seconds)} />;
}

interface TokenColumnHandlers {
  /** Some row carries usage against limits (servers without limits send none: no column). */
  showLimits: boolean;
  onEdit: (token: Token) => void;
  onToggle: (token: Token) => void;
  onDelete: (token: Token) => void;
}

/** Columns of the token list, with the per-row actions. */
export function useTokenColumns({
  showLimits,
  onEdit,
  onToggle,
  onDelete,
}: TokenColumnHandlers): DataTableColumn<Token>[] {
  const { t } = useTranslation('tokens');
  const isMobile = useIsMobile();

  const actionsFor = (token: Token): RowAction[] => [
    token.status === TOKEN_STATUS.enabled
      ? { key: 'disable', label: t('actions.disable'), onClick: () => onToggle(token) }
      : { key: 'enable', label: t('actions.enable'), onClick: () => onToggle(token) },
    { key: 'edit', label: t('actions.edit'), onClick: () => onEdit(token) },
    {
      key: 'delete',
      label: t('actions.delete'),
      danger: true,
      confirm: { title: t('actions.confirmDelete'), description: t('actions.confirmDeleteDetail') },
      onClick: () => onDelete(token),
    },
  ];

  return [
    {
      key: 'name',
      title: t('columns.name'),
      hideable: false,
      // On phones the usage sits under the name, in view, rather than in a column scrolled away.
      render: (_, token) =>
        isMobile && showLimits ? (
          <Space orientation="vertical" size={6}>
            <Typography.Text strong>{token.name}</Typography.Text>
            <LimitUsageBars usages={token.limit_usage} />
          </Space>
        ) : (
          <Typography.Text strong>{token.name}</Typography.Text>
        ),
    },
    cellColumn('key', t('columns.key'), (token) => <TokenKeyCell token={token} />),
    cellColumn('status', t('columns.status'), (token) => <TokenStatusCell token={token} />),
    cellColumn('usedQuota', t('columns.usedQuota'), (token) => formatQuota(token.used_quota)),
    cellColumn('remainQuota', t('columns.remainQuota'), (token) => (
      <RemainQuotaTag token={token} />
    )),
    ...(showLimits && !isMobile
      ? [
          cellColumn<Token>('limits', t('columns.limits'), (token) => (
            <LimitUsageBars usages={token.limit_usage} />
          )),
        ]
      : []),
    cellColumn('createdTime', t('columns.createdTime'), (token) => (
      <TimeCell seconds={token.created_time} />
    )),
    {
      key: 'expiredTime',
      title: t('columns.expiredTime'),
      render: (_, token) =>
        token.expired_time === TOKEN_NEVER_EXPIRES ? (
          t('expiry.never')
        ) : (
          <TimeCell seconds={token.expired_time} />
        ),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      hideable: false,
      // Kept in view while the wide list scrolls sideways; phones get one menu button instead.
      fixed: 'right',
      render: (_, token) =>
        isMobile ? (
          <TokenActionsMenu token={token} onEdit={onEdit} onToggle={onToggle} onDelete={onDelete} />
        ) : (
          <Space size={4} wrap>
            <ChatOpenButton token={token} />
            <RowActions actions={actionsFor(token)} />
          </Space>
        ),
    },
  ];
}
