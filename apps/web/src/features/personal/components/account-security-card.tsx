import { Button, Card, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../../lib/clipboard';
import type { SelfUser } from '../api';
import { ChangePasswordDialog } from '../dialogs/change-password-dialog';
import { DeleteAccountDialog } from '../dialogs/delete-account-dialog';
import { useGenerateAccessTokenMutation } from '../queries';

/** System access token, password change and account deletion. */
export function AccountSecurityCard({ user }: { user: SelfUser | undefined }) {
  const { t } = useTranslation('personal');
  const [token, setToken] = useState('');
  const [changingPassword, setChangingPassword] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const tokenMutation = useGenerateAccessTokenMutation();

  const onGenerate = () => {
    tokenMutation.mutate(undefined, {
      onSuccess: (value) => {
        setToken(value);
        void copyWithFeedback(value, t('token.generated'));
      },
    });
  };

  return (
    <Card title={t('security.title')}>
      <Typography.Paragraph type="secondary">{t('token.description')}</Typography.Paragraph>
      <Space wrap>
        <Button onClick={onGenerate} loading={tokenMutation.isPending}>
          {t('token.generate')}
        </Button>
        <Button onClick={() => setChangingPassword(true)}>{t('password.open')}</Button>
        <Button danger onClick={() => setDeleting(true)}>
          {t('deleteAccount.open')}
        </Button>
      </Space>
      {token && (
        <Input
          readOnly
          value={token}
          style={{ marginTop: 12, fontFamily: 'monospace' }}
          onClick={(event) => {
            event.currentTarget.select();
            void copyWithFeedback(token, t('token.copied'));
          }}
        />
      )}
      <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
      <DeleteAccountDialog
        open={deleting}
        username={user?.username ?? ''}
        onClose={() => setDeleting(false)}
      />
    </Card>
  );
}
