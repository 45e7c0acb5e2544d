import { Button, Card, Form, Input, Radio, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearChangedFieldErrors } from '../../../lib/clear-field-errors';
import { notify } from '../../../lib/notifier';
import { useStatus } from '../../../status/status-store';
import type { SelfUser } from '../api';
import { SelfLoadState } from '../components/self-load-state';
import { ThresholdField } from '../components/threshold-field';
import { WebhookBodyHelp } from '../components/webhook-body-help';
import { useSelfQuery } from '../../../session/self-user';
import { useUpdateUserSettingMutation } from '../queries';
import {
  notificationFormValuesOf,
  readNotificationForm,
  type NotificationFormValues,
} from '../rules/notification-form';
import {
  hasStoredWebhookSecret,
  parseUserSetting,
  userSettingRequest,
} from '../rules/user-setting';

/** Quota warning settings: how to notify, from which remaining quota, and where to. */
export function NotificationTab() {
  const query = useSelfQuery();
  if (!query.data) return <SelfLoadState query={query} />;
  return <NotificationForm user={query.data} />;
}

function NotificationForm({ user }: { user: SelfUser }) {
  const { t } = useTranslation('personal');
  const [form] = Form.useForm<NotificationFormValues>();
  const mutation = useUpdateUserSettingMutation();
  const saved = useMemo(() => parseUserSetting(user.setting), [user.setting]);
  // Read once: later refreshes of the user must not overwrite what is being typed.
  const [initialValues] = useState(() => notificationFormValuesOf(saved));
  const notifyType = Form.useWatch('notifyType', form) ?? initialValues.notifyType;
  const allowHttpWebhook = useStatus().webhook_allow_http === true;

  const onSubmit = () => {
    const result = readNotificationForm(form.getFieldsValue(true), { allowHttpWebhook });
    if (!result.ok) {
      const message =
        result.problem === 'webhookUrlHttps' && allowHttpWebhook
          ? t('notification.errors.webhookUrlHttp')
          : t(`notification.errors.${result.problem}`);
      form.setFields([{ name: result.field, errors: [message] }]);
      notify.error(message);
      return;
    }
    // The price switch is saved by its own tab: keep what is stored.
    const setting = {
      ...result.setting,
      acceptUnsetModelRatioModel: saved.acceptUnsetModelRatioModel,
    };
    mutation.mutate(userSettingRequest(setting, result.webhookSecret), {
      onSuccess: () => {
        notify.success(t('notification.saved'));
        form.setFieldValue('webhookSecret', '');
      },
    });
  };

  return (
    <Card title={t('notification.title')}>
      <Typography.Paragraph type="secondary">{t('notification.description')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={onSubmit}
        onValuesChange={clearChangedFieldErrors(form)}
        style={{ maxWidth: 640 }}
      >
        <Form.Item name="notifyType" label={t('notification.notifyType')}>
          <Radio.Group
            options={[
              { value: 'email', label: t('notification.email') },
              { value: 'webhook', label: t('notification.webhook') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="threshold"
          label={t('notification.threshold')}
          extra={t('notification.thresholdHint')}
        >
          <ThresholdField />
        </Form.Item>

        {notifyType === 'email' ? (
          <Form.Item
            name="notificationEmail"
            label={t('notification.notificationEmail')}
            extra={
              user.email
                ? t('notification.emailFallback', { email: user.email })
                : t('notification.emailMissing')
            }
          >
            <Input
              type="email"
              autoComplete="email"
              placeholder={user.email || t('notification.emailPlaceholder')}
            />
          </Form.Item>
        ) : (
          <>
            <Form.Item
              name="webhookUrl"
              label={t('notification.webhookUrl')}
              extra={t(
                allowHttpWebhook
                  ? 'notification.webhookUrlHintHttp'
                  : 'notification.webhookUrlHint',
              )}
            >
              <Input type="url" placeholder="https://example.com/webhook" autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="webhookSecret"
              label={t('notification.webhookSecret')}
              extra={t('notification.webhookSecretHint')}
            >
              <Input.Password
                placeholder={t(
                  hasStoredWebhookSecret(user)
                    ? 'notification.webhookSecretSetPlaceholder'
                    : 'notification.webhookSecretPlaceholder',
                )}
                autoComplete="new-password"
              />
            </Form.Item>
            <Form.Item>
              <WebhookBodyHelp />
            </Form.Item>
          </>
        )}

        <Button
          type="primary"
          htmlType="submit"
          loading={mutation.isPending}
          style={{ marginTop: 8 }}
        >
          {t('notification.save')}
        </Button>
      </Form>
    </Card>
  );
}
