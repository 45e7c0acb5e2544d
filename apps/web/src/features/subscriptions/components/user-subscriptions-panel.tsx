import { Button, Card, Empty, Flex, Select, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifier';
import { unixTimeText } from '../../../lib/unix-time';
import { useConfirm } from '../../../lib/use-confirm';
import type { UserSubscription } from '../api';
import {
  useAdminPlansQuery,
  useBindPlanMutation,
  useDeleteSubscriptionMutation,
  useInvalidateSubscriptionMutation,
  useUserSubscriptionsQuery,
} from '../queries';
import { planName } from '../rules/plan-text';
import { SubscriptionQuotaText } from './subscription-quota-text';
import { SubscriptionStatusTag } from './subscription-status-tag';

/**
 * The user editor's subscriptions (admin): every subscription of the user with its status, period
 * and quota; a plan can be given (no payment; the plan's purchase cap still applies), an active
 * subscription ended now, and any deleted after a confirmation. `onUserChanged` runs after each
 * change, since a plan with an upgrade group moves the user to another group and back.
 */
export function UserSubscriptionsPanel({
  userId,
  onUserChanged,
}: {
  userId: number;
  onUserChanged?: () => unknown;
}) {
  const { t } = useTranslation('subscriptions');
  const confirm = useConfirm();
  const [planId, setPlanId] = useState<number | undefined>(undefined);
  const subscriptionsQuery = useUserSubscriptionsQuery(userId);
  const plansQuery = useAdminPlansQuery();
  const bind = useBindPlanMutation();
  const invalidate = useInvalidateSubscriptionMutation();
  const remove = useDeleteSubscriptionMutation();

  /** The server's note on the user's group when it moved, else `done`. */
  const changed = (done: string) => (note: string) => {
    notify.success(note || done);
    void onUserChanged?.();
  };

  const onBind = () => {
    if (planId === undefined) {
      notify.error(t('user.pickPlan'));
      return;
    }
    bind.mutate(
      { userId, planId },
      {
        onSuccess: (note) => {
          setPlanId(undefined);
          changed(t('user.bound'))(note);
        },
      },
    );
  };

  const askInvalidate = (subscription: UserSubscription) =>
    confirm({
      title: t('user.invalidateTitle', { title: planName(subscription) }),
      content: t('user.invalidateDetail'),
      danger: true,
      onOk: async () =>
        changed(t('user.invalidated'))(await invalidate.mutateAsync(subscription.id)),
    });

  const askDelete = (subscription: UserSubscription) =>
    confirm({
      title: t('user.deleteTitle', { title: planName(subscription) }),
      content: t('user.deleteDetail'),
      danger: true,
      onOk: async () => changed(t('user.deleted'))(await remove.mutateAsync(subscription.id)),
    });

  const subscriptions = subscriptionsQuery.data ?? [];
  return (
    <div data-testid="user-subscriptions">
      <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
        <Select<number>
          style={{ flex: 1, minWidth: 0 }}
          placeholder={t('user.planPlaceholder')}
          aria-label={t('user.planPlaceholder')}
          loading={plansQuery.isPending}
          value={planId}
          onChange={setPlanId}
          options={(plansQuery.data ?? []).map((plan) => ({
            value: plan.id,
            label: plan.enabled ? plan.title : t('user.planOffSale', { title: plan.title }),
          }))}
        />
        <Button type="primary" loading={bind.isPending} onClick={onBind}>
          {t('user.bind')}
        </Button>
      </Space.Compact>
      <Spin spinning={subscriptionsQuery.isFetching}>
        {subscriptions.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={subscriptionsQuery.isError ? t('user.loadFailed') : t('user.none')}
          />
        ) : (
          <Flex vertical gap={8}>
            {subscriptions.map((subscription) => (
              <Card
                key={subscription.id}
                size="small"
                title={
                  <Space size={8} wrap>
                    <span>{planName(subscription)}</span>
                    <SubscriptionStatusTag status={subscription.status} />
                  </Space>
                }
                extra={
                  <Typography.Text type="secondary">
                    {t(subscription.source === 'admin' ? 'source.admin' : 'source.order')}
                  </Typography.Text>
                }
              >
                <Typography.Paragraph style={{ marginBottom: 4 }}>
                  {t('user.quota')} <SubscriptionQuotaText subscription={subscription} />
                </Typography.Paragraph>
                <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
                  {t('user.period', {
                    start: unixTimeText(subscription.start_time),
                    end: unixTimeText(subscription.end_time),
                  })}
                </Typography.Paragraph>
                {subscription.status === 'active' && subscription.next_reset_time > 0 ? (
                  <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
                    {t('nextReset', { time: unixTimeText(subscription.next_reset_time) })}
                  </Typography.Paragraph>
                ) : null}
                <Space size={8} wrap style={{ marginTop: 4 }}>
                  {subscription.status === 'active' ? (
                    <Button size="small" onClick={() => askInvalidate(subscription)}>
                      {t('user.invalidate')}
                    </Button>
                  ) : null}
                  <Button size="small" danger onClick={() => askDelete(subscription)}>
                    {t('user.delete')}
                  </Button>
                </Space>
              </Card>
            ))}
          </Flex>
        )}
      </Spin>
    </div>
  );
}
