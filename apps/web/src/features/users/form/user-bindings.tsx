import { useQuery } from '@tanstack/react-query';
import type { BuiltInBindingType } from '@tollgate/contracts';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifier';
import { useConfirm } from '../../../lib/use-confirm';
import {
  clearUserBinding,
  fetchUserOAuthBindings,
  unbindUserOAuth,
  type ManagedUser,
} from '../api';

/** The built-in bindings, their users field and their label. */
const builtInBindings: {
  type: BuiltInBindingType;
  field: keyof ManagedUser & string;
  labelKey: string;
}[] = [
  { type: 'github', field: 'github_id', labelKey: 'edit.bound.github' },
  { type: 'oidc', field: 'oidc_id', labelKey: 'edit.bound.oidc' },
  { type: 'wechat', field: 'wechat_id', labelKey: 'edit.bound.wechat' },
  { type: 'email', field: 'email', labelKey: 'edit.bound.email' },
  { type: 'telegram', field: 'telegram_id', labelKey: 'edit.bound.telegram' },
  { type: 'linuxdo', field: 'linux_do_id', labelKey: 'edit.bound.linuxdo' },
  { type: 'discord', field: 'discord_id', labelKey: 'edit.bound.discord' },
];

/**
 * The edit-user form's bindings: each built-in identity read-only with an unbind button when set,
 * then the user's custom-provider bindings, each with its own. `onChanged` reloads the user.
 */
export function UserBindings({
  user,
  onChanged,
}: {
  user: ManagedUser;
  onChanged: () => Promise<unknown>;
}) {
  const { t } = useTranslation('users');
  const confirm = useConfirm();
  const custom = useQuery({
    queryKey: ['users', 'oauth-bindings', user.id],
    queryFn: () => fetchUserOAuthBindings(user.id),
  });

  const ask = (name: string, action: () => Promise<unknown>) =>
    confirm({
      title: t('edit.bound.unbindTitle', { name }),
      danger: true,
      onOk: async () => {
        await action();
        notify.success(t('edit.bound.unbound'));
        await Promise.all([onChanged(), custom.refetch()]);
      },
    });

  const unbindButton = (name: string, action: () => Promise<unknown>) => (
    <Button danger onClick={() => ask(name, action)}>
      {t('edit.bound.unbind')}
    </Button>
  );

  return (
    <>
      {builtInBindings.map((binding) => {
        const value = String(user[binding.field] ?? '');
        return (
          <Form.Item key={binding.type} label={t(binding.labelKey)}>
            <Space.Compact style={{ width: '100%' }}>
              <Input readOnly value={value} placeholder={t('edit.readOnlyHint')} />
              {value !== '' &&
                unbindButton(t(binding.labelKey), () =>
                  clearUserBinding({ userId: user.id, type: binding.type }),
                )}
            </Space.Compact>
          </Form.Item>
        );
      })}
      {(custom.data ?? []).map((binding) => (
        <Form.Item key={`custom-${binding.provider_id}`} label={binding.provider_name}>
          <Space.Compact style={{ width: '100%' }}>
            <Input readOnly value={binding.provider_user_id} />
            {unbindButton(binding.provider_name, async () => {
              await unbindUserOAuth({ userId: user.id, providerId: binding.provider_id });
              await custom.refetch();
            })}
          </Space.Compact>
        </Form.Item>
      ))}
    </>
  );
}
