import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { CustomOAuthProviderView } from '@tollgate/contracts';
import { Button, Card, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifier';
import { useInvalidatingMutation } from '../../../lib/query-hooks';
import { useConfirm } from '../../../lib/use-confirm';
import { ProviderIcon } from '../../auth';
import { deleteCustomProvider, fetchCustomProviders, saveCustomProvider } from './custom-oauth-api';
import { CustomOAuthDrawer, type CustomOAuthTarget } from './custom-oauth-drawer';

const PROVIDERS_KEY = ['custom-oauth-providers'];

/**
 * Settings › System: root's custom OAuth 2 / OIDC providers. Each enabled one gets a button on
 * the login page and a row in the users' bindings; its callback address is `<server>/oauth/<slug>`.
 */
export function CustomOAuthSection({ serverAddress }: { serverAddress: string }) {
  const { t } = useTranslation('settings');
  const confirm = useConfirm();
  const [target, setTarget] = useState<CustomOAuthTarget>(null);
  const providers = useQuery({ queryKey: PROVIDERS_KEY, queryFn: fetchCustomProviders });
  const save = useInvalidatingMutation(PROVIDERS_KEY, saveCustomProvider);
  const remove = useInvalidatingMutation(PROVIDERS_KEY, deleteCustomProvider);

  const askDelete = (provider: CustomOAuthProviderView) =>
    confirm({
      title: t('customOAuth.deleteTitle', { name: provider.name }),
      content: t('customOAuth.deleteContent'),
      danger: true,
      onOk: async () => {
        await remove.mutateAsync(provider.id);
        notify.success(t('customOAuth.deleted'));
      },
    });

  return (
    <Card
      title={t('customOAuth.title')}
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setTarget({ mode: 'create' })}>
          {t('customOAuth.add')}
        </Button>
      }
      data-testid="custom-oauth-section"
    >
      <Typography.Paragraph type="secondary">
        {t('customOAuth.description', { url: `${serverAddress}/oauth/<slug>` })}
      </Typography.Paragraph>
      <Table<CustomOAuthProviderView>
        rowKey="id"
        size="small"
        loading={providers.isPending}
        dataSource={providers.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            title: t('customOAuth.fields.name'),
            render: (_, provider) => (
              <Space>
                <ProviderIcon icon={provider.icon} name={provider.name} />
                {provider.name}
              </Space>
            ),
          },
          { title: t('customOAuth.fields.slug'), dataIndex: 'slug' },
          {
            title: t('customOAuth.fields.kind'),
            render: (_, provider) => t(`customOAuth.kinds.${provider.kind}`),
          },
          {
            title: t('customOAuth.fields.enabled'),
            render: (_, provider) =>
              provider.enabled ? (
                <Tag color="green">{t('customOAuth.on')}</Tag>
              ) : (
                <Tag>{t('customOAuth.off')}</Tag>
              ),
          },
          {
            title: t('customOAuth.fields.auto_register'),
            render: (_, provider) =>
              provider.auto_register ? t('customOAuth.yes') : t('customOAuth.no'),
          },
          {
            title: t('customOAuth.actions'),
            render: (_, provider) => (
              <Space>
                <Button size="small" onClick={() => setTarget({ mode: 'edit', provider })}>
                  {t('customOAuth.edit')}
                </Button>
                <Button size="small" danger onClick={() => askDelete(provider)}>
                  {t('customOAuth.delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <CustomOAuthDrawer
        target={target}
        submitting={save.isPending}
        onClose={() => setTarget(null)}
        onSubmit={(id, values) =>
          save.mutate(
            { id, values },
            {
              onSuccess: () => {
                notify.success(t('customOAuth.saved'));
                setTarget(null);
              },
            },
          )
        }
      />
    </Card>
  );
}
