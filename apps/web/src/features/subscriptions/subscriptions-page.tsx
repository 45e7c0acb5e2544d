import { Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../components/add-button';
import { DataTable, useTablePaging } from '../../components/data-table';
import { notify } from '../../lib/notifier';
import type { SubscriptionPlan } from './api';
import { usePlanColumns } from './components/use-plan-columns';
import { PlanFormDialog, type PlanFormTarget } from './dialogs/plan-form-dialog';
import { useAdminPlansQuery, usePlanEnabledMutation } from './queries';

/**
 * Subscription plans (admin, /subscription): every plan with its price, duration, quota per
 * period and gateway ids, an on-sale switch per plan, and the create/edit dialog. Plans are
 * never deleted (users' subscriptions refer to them): a plan is withdrawn by switching it off.
 * The route table mounts it for admins only.
 */
export default function SubscriptionsPage() {
  const { t } = useTranslation('subscriptions');
  const [formTarget, setFormTarget] = useState<PlanFormTarget>(null);
  const plansQuery = useAdminPlansQuery();
  const enabledMutation = usePlanEnabledMutation();
  const plans = plansQuery.data ?? [];
  // The server answers every plan at once (there are few): the table pages them itself.
  const paging = useTablePaging();
  const { page, pageSize } = paging;
  const shown = plans.slice((page - 1) * pageSize, page * pageSize);

  const columns = usePlanColumns({
    onEdit: (plan: SubscriptionPlan) => setFormTarget({ mode: 'edit', plan }),
    onToggle: (plan, enabled) =>
      enabledMutation.mutate(
        { id: plan.id, enabled },
        { onSuccess: () => notify.success(enabled ? t('actions.enabled') : t('actions.disabled')) },
      ),
    togglingId: enabledMutation.isPending ? (enabledMutation.variables?.id ?? null) : null,
  });

  return (
    <Card title={t('title')}>
      <DataTable<SubscriptionPlan>
        tableKey="subscription-plans"
        columns={columns}
        rows={shown}
        rowKey={(plan) => plan.id}
        loading={plansQuery.isFetching}
        actions={
          <AddButton onClick={() => setFormTarget({ mode: 'create' })}>{t('add')}</AddButton>
        }
        pagination={paging.pagination(plans.length)}
      />
      <PlanFormDialog target={formTarget} onClose={() => setFormTarget(null)} />
    </Card>
  );
}
