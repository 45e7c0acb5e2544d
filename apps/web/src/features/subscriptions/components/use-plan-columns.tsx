import { Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { cellColumn, RowActions, type DataTableColumn } from '../../../components/data-table';
import { formatQuota } from '../../../lib/quota-format';
import type { SubscriptionPlan } from '../api';
import { durationText, resetText } from '../rules/plan-text';

/** What the row controls do; the page owns the dialog and the mutations. */
export interface PlanRowHandlers {
  onEdit: (plan: SubscriptionPlan) => void;
  onToggle: (plan: SubscriptionPlan, enabled: boolean) => void;
  /** The plan whose switch is being saved (its switch spins). */
  togglingId: number | null;
}

/** Columns of the admin plan list. */
export function usePlanColumns({
  onEdit,
  onToggle,
  togglingId,
}: PlanRowHandlers): DataTableColumn<SubscriptionPlan>[] {
  const { t } = useTranslation('subscriptions');
  const none = <Typography.Text type="secondary">-</Typography.Text>;
  const code = (value: string) =>
    value === '' ? none : <Typography.Text code>{value}</Typography.Text>;
  const nowrap = { whiteSpace: 'nowrap' } as const;

  return [
    { key: 'id', title: 'ID', dataIndex: 'id', hideable: false },
    {
      key: 'title',
      title: t('columns.title'),
      hideable: false,
      render: (_, plan) => <Typography.Text strong>{plan.title}</Typography.Text>,
    },
    {
      key: 'enabled',
      title: t('columns.enabled'),
      hideable: false,
      render: (_, plan) => (
        <Switch
          size="small"
          checked={plan.enabled}
          loading={togglingId === plan.id}
          aria-label={t('columns.enabledOf', { title: plan.title })}
          onChange={(checked) => onToggle(plan, checked)}
        />
      ),
    },
    cellColumn('subtitle', t('columns.subtitle'), (plan) =>
      plan.subtitle === '' ? (
        none
      ) : (
        <Typography.Text type="secondary" ellipsis style={{ maxWidth: 180 }}>
          {plan.subtitle}
        </Typography.Text>
      ),
    ),
    cellColumn('price', t('columns.price'), (plan) => (
      <span style={nowrap}>
        {plan.price_amount.toFixed(2)} {plan.currency}
      </span>
    )),
    cellColumn('duration', t('columns.duration'), (plan) => {
      const text = durationText(plan);
      return <span style={nowrap}>{t(text.key, text.values)}</span>;
    }),
    cellColumn('quota', t('columns.quota'), (plan) => (
      <span style={nowrap}>
        {plan.total_amount > 0 ? formatQuota(plan.total_amount) : t('unlimited')}
      </span>
    )),
    cellColumn('reset', t('columns.reset'), (plan) => {
      const text = resetText(plan);
      return <span style={nowrap}>{t(text.key, text.values)}</span>;
    }),
    cellColumn('upgradeGroup', t('columns.upgradeGroup'), (plan) =>
      plan.upgrade_group === '' ? none : <Tag color="blue">{plan.upgrade_group}</Tag>,
    ),
    cellColumn('stripe', t('columns.stripe'), (plan) => code(plan.stripe_price_id)),
    cellColumn('creem', t('columns.creem'), (plan) => code(plan.creem_product_id)),
    cellColumn('purchaseCap', t('columns.purchaseCap'), (plan) =>
      plan.max_purchase_per_user > 0 ? plan.max_purchase_per_user : t('noCap'),
    ),
    { key: 'sort', title: t('columns.sort'), dataIndex: 'sort_order' },
    {
      key: 'actions',
      title: t('columns.actions'),
      hideable: false,
      fixed: 'right',
      render: (_, plan) => (
        <RowActions
          actions={[{ key: 'edit', label: t('actions.edit'), onClick: () => onEdit(plan) }]}
        />
      ),
    },
  ];
}
