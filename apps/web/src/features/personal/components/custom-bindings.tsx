import { useQuery } from '@tanstack/react-query';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifier';
import { useInvalidatingMutation } from '../../../lib/query-hooks';
import { useConfirm } from '../../../lib/use-confirm';
import { useStatus } from '../../../status/status-store';
import { ProviderIcon, redirectToProvider } from '../../auth';
import { fetchOwnOAuthBindings, unbindOwnOAuth } from '../api';

const BINDINGS_KEY = ['self', 'oauth-bindings'];

/**
 * The custom sign-in providers in the bindings card: one row per enabled provider (bind goes to
 * the provider and back through `/oauth/<slug>`), and one per binding to a provider that is
 * switched off meanwhile, each bound row with an unbind button.
 */
export function CustomBindings() {
  const { t } = useTranslation('personal');
  const status = useStatus();
  const confirm = useConfirm();
  const [redirecting, setRedirecting] = useState<string | null>(null);
  const bindings = useQuery({ queryKey: BINDINGS_KEY, queryFn: fetchOwnOAuthBindings });
  const unbind = useInvalidatingMutation(BINDINGS_KEY, unbindOwnOAuth);

  const enabled = status.custom_oauth_providers ?? [];
  const rows = [
    ...enabled.map((provider) => ({
      slug: provider.slug,
      name: provider.name,
      icon: provider.icon,
      binding: bindings.data?.find((binding) => binding.provider_slug === provider.slug),
      canBind: true,
    })),
    ...(bindings.data ?? [])
      .filter((binding) => !enabled.some((provider) => provider.slug === binding.provider_slug))
      .map((binding) => ({
        slug: binding.provider_slug,
        name: binding.provider_name,
        icon: binding.provider_icon,
        binding,
        canBind: false,
      })),
  ];

  const bind = (slug: string) => {
    setRedirecting(slug);
    redirectToProvider(slug, status, null).catch(() => setRedirecting(null));
  };

  const askUnbind = (providerId: number, name: string) =>
    confirm({
      title: t('bindings.unbindTitle', { name }),
      content: t('bindings.unbindContent'),
      danger: true,
      onOk: async () => {
        await unbind.mutateAsync(providerId);
        notify.success(t('bindings.unbound'));
      },
    });

  return rows.map((row) => (
    <div className="tg-binding-row" data-testid={`binding-custom-${row.slug}`} key={row.slug}>
      <div className="tg-binding-icon">
        <ProviderIcon icon={row.icon} name={row.name} />
      </div>
      <div className="tg-binding-text">
        <Typography.Text strong>{row.name}</Typography.Text>
        <Typography.Text type="secondary" ellipsis={{ tooltip: row.binding?.provider_user_id }}>
          {row.binding ? row.binding.provider_user_id : t('bindings.notBound')}
        </Typography.Text>
      </div>
      <div className="tg-binding-action">
        {row.binding ? (
          <Button danger onClick={() => askUnbind(row.binding!.provider_id, row.name)}>
            {t('bindings.unbind')}
          </Button>
        ) : (
          row.canBind && (
            <Button loading={redirecting === row.slug} onClick={() => bind(row.slug)}>
              {t('bindings.bind')}
            </Button>
          )
        )}
      </div>
    </div>
  ));
}
