import { KeyOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Popconfirm, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifier';
import { useStatus } from '../../../status/status-store';
import { reportPasskeyError } from '../../../lib/passkey-browser-error';
import {
  usePasskeyStatusQuery,
  useRegisterPasskeyMutation,
  useRemovePasskeyMutation,
} from '../queries';

/** Personal settings: whether a passkey is registered, when it was last used, register, remove. */
export function PasskeyCard() {
  const { t, i18n } = useTranslation('passkeys');
  const site = useStatus();
  const status = usePasskeyStatusQuery();
  const register = useRegisterPasskeyMutation();
  const remove = useRemovePasskeyMutation();
  const registered = status.data?.enabled === true;
  const offered = site.passkey_login === true;
  const lastUsed = status.data?.last_used_at;

  const onRegister = () =>
    register.mutateAsync(undefined).then(
      () => notify.success(t('card.registered')),
      (error: unknown) => reportPasskeyError(error, t),
    );

  return (
    <Card
      data-testid="passkey-card"
      title={
        <Space>
          <KeyOutlined />
          {t('card.title')}
        </Space>
      }
      extra={
        status.data && (
          <Tag color={registered ? 'green' : 'default'}>
            {registered ? t('card.registeredTag') : t('card.notRegisteredTag')}
          </Tag>
        )
      }
      loading={status.isPending}
    >
      <Typography.Paragraph type="secondary">{t('card.description')}</Typography.Paragraph>
      {status.isError && <Alert type="error" showIcon title={t('card.loadFailed')} />}
      {!offered && <Alert type="info" showIcon title={t('card.notOffered')} />}
      {registered && (
        <Typography.Paragraph data-testid="passkey-last-used">
          {lastUsed
            ? t('card.lastUsed', { time: new Date(lastUsed).toLocaleString(i18n.language) })
            : t('card.neverUsed')}
        </Typography.Paragraph>
      )}
      {status.data && (
        <Space wrap style={{ marginTop: offered ? 0 : 12 }}>
          {offered && (
            <Button
              type={registered ? 'default' : 'primary'}
              loading={register.isPending}
              onClick={() => void onRegister()}
            >
              {registered ? t('card.replace') : t('card.register')}
            </Button>
          )}
          {registered && (
            <Popconfirm
              title={t('card.confirmRemove')}
              description={t('card.confirmRemoveDetail')}
              onConfirm={() =>
                remove.mutateAsync(undefined).then(() => notify.success(t('card.removed')))
              }
            >
              <Button danger loading={remove.isPending}>
                {t('card.remove')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      )}
    </Card>
  );
}
