import { CopyOutlined, LockOutlined, MailOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { copyWithFeedback } from '../../../lib/clipboard';
import { useBusyAction } from '../../../lib/use-busy-action';
import { confirmPasswordReset } from '../api';
import { AuthCard, AuthFootnote, AuthSubmitButton } from './auth-card';

/**
 * `/user/reset?email=&token=`: the page a reset mail links to. Confirming sets a new random
 * password, which is shown and copied to the clipboard.
 */
export function ResetConfirmPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email') ?? '';
  const token = searchParams.get('token') ?? '';
  const submitting = useBusyAction();
  const [newPassword, setNewPassword] = useState('');

  const copyPassword = (password: string) =>
    void copyWithFeedback(password, t('reset.copied', { password }));

  const onConfirm = async () => {
    await submitting.run(async () => {
      const password = await confirmPasswordReset({ email, token });
      setNewPassword(password);
      copyPassword(password);
    });
  };

  const linkValid = email !== '' && token !== '';
  const done = newPassword !== '';
  return (
    <AuthCard title={t('reset.confirmTitle')}>
      {!linkValid ? (
        <Alert
          type="error"
          showIcon
          title={t('reset.invalidLink')}
          action={
            <Link to="/reset">
              <Button size="small">{t('reset.requestAgain')}</Button>
            </Link>
          }
        />
      ) : (
        <Form layout="vertical" requiredMark={false} onFinish={() => void onConfirm()}>
          <Form.Item label={t('reset.email')} htmlFor="reset-email">
            <Input id="reset-email" value={email} prefix={<MailOutlined />} size="large" readOnly />
          </Form.Item>
          {done && (
            <>
              <Alert
                type="success"
                showIcon
                style={{ marginBottom: 16 }}
                title={t('reset.doneNotice')}
              />
              <Form.Item label={t('reset.newPassword')} htmlFor="reset-new-password">
                <Space.Compact style={{ width: '100%' }}>
                  <Input
                    id="reset-new-password"
                    value={newPassword}
                    prefix={<LockOutlined />}
                    size="large"
                    readOnly
                    data-testid="new-password"
                    onClick={() => copyPassword(newPassword)}
                  />
                  <Button
                    size="large"
                    icon={<CopyOutlined />}
                    aria-label={t('reset.copy')}
                    onClick={() => copyPassword(newPassword)}
                  >
                    {t('reset.copy')}
                  </Button>
                </Space.Compact>
              </Form.Item>
            </>
          )}
          <AuthSubmitButton loading={submitting.busy} disabled={done}>
            {done ? t('reset.confirmed') : t('reset.confirm')}
          </AuthSubmitButton>
        </Form>
      )}
      <AuthFootnote>
        <Link to="/login">{t('reset.toLogin')}</Link>
      </AuthFootnote>
    </AuthCard>
  );
}
