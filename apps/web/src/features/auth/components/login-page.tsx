import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { notify } from '../../../lib/notifier';
import { LoginCodeStep, requiresTwoFactor } from '../../two-factor';
import { useStatus } from '../../../status/status-store';
import { login, type LoginCredentials } from '../api';
import { useDefaultPasswordWarning } from '../dialogs/default-password-warning';
import { hasThirdPartyLogin, ThirdPartyLogin } from './third-party-login';
import { TurnstileWidget } from './turnstile-widget';
import { useRememberAffiliateCode } from './use-affiliate-code';
import { useCompleteSignIn } from './use-sign-in';
import { isDefaultRootLogin } from './validate-registration';

interface PendingLogin {
  credentials?: LoginCredentials;
  target: string;
}

/** Sign-in with username (or email) and password, plus the enabled third-party sign-ins. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const status = useStatus();
  const [form] = Form.useForm<LoginCredentials>();
  const [turnstileToken, setTurnstileToken] = useState('');
  const [submitting, setSubmitting] = useState(false);
  // Set while a right password (or a WeChat or Telegram sign-in) waits for its two-factor code:
  // where to go afterwards, and the password for the default-password warning.
  const [pendingLogin, setPendingLogin] = useState<PendingLogin | null>(null);
  const completeSignIn = useCompleteSignIn();
  const warnDefaultPassword = useDefaultPasswordWarning();
  useRememberAffiliateCode();

  const expired = searchParams.get('expired');
  useEffect(() => {
    if (expired) notify.error(t('login.expired'));
  }, [expired, t]);

  const turnstileRequired = status.turnstile_check === true;
  const passwordLoginEnabled = status.password_login_enabled !== false;

  const finishSignIn = (data: unknown, pending: PendingLogin) => {
    const user = completeSignIn(data, pending.target);
    const { username = '', password = '' } = pending.credentials ?? {};
    if (user && isDefaultRootLogin(username, password)) {
      warnDefaultPassword();
    }
  };

  const onSubmit = async () => {
    if (turnstileRequired && turnstileToken === '') {
      notify.info(t('turnstile.pending'));
      return;
    }
    const { username = '', password = '' } = form.getFieldsValue();
    if (!username || !password) {
      notify.error(t('login.missingCredentials'));
      return;
    }
    setSubmitting(true);
    try {
      const data = await login({ username, password }, turnstileToken);
      if (requiresTwoFactor(data)) {
        setPendingLogin({ credentials: { username, password }, target: '/token' });
        return;
      }
      finishSignIn(data, { credentials: { username, password }, target: '/token' });
    } catch {
      // The HTTP client already showed the server's message.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="tg-auth-page">
      <Card className="tg-auth-card">
        <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
          {t('login.title')}
        </Typography.Title>
        {pendingLogin ? (
          <LoginCodeStep
            onSignedIn={(data) => finishSignIn(data, pendingLogin)}
            onBack={() => setPendingLogin(null)}
          />
        ) : passwordLoginEnabled ? (
          <Form form={form} layout="vertical" onFinish={() => void onSubmit()} requiredMark={false}>
            <Form.Item name="username" label={t('login.username')}>
              <Input
                prefix={<UserOutlined />}
                placeholder={t('login.usernamePlaceholder')}
                autoComplete="username"
                size="large"
              />
            </Form.Item>
            <Form.Item name="password" label={t('login.password')}>
              <Input.Password
                prefix={<LockOutlined />}
                placeholder={t('login.passwordPlaceholder')}
                autoComplete="current-password"
                size="large"
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
              {t('login.submit')}
            </Button>
          </Form>
        ) : (
          <Alert
            type="info"
            showIcon
            title={
              hasThirdPartyLogin(status)
                ? t('login.passwordLoginDisabled')
                : t('login.noLoginMethod')
            }
          />
        )}
        <div
          style={{
            display: 'flex',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
            gap: 8,
            marginTop: 16,
          }}
        >
          {!status.self_use_mode_enabled ? (
            <Typography.Text>
              {t('login.noAccount')} <Link to="/register">{t('login.toRegister')}</Link>
            </Typography.Text>
          ) : (
            <span />
          )}
          <Typography.Text>
            {t('login.forgotPassword')} <Link to="/reset">{t('login.toReset')}</Link>
          </Typography.Text>
        </div>
        {!pendingLogin && (
          <ThirdPartyLogin
            status={status}
            turnstileToken={turnstileToken}
            turnstileRequired={turnstileRequired}
            onRequireTwoFactor={() => setPendingLogin({ target: '/' })}
          />
        )}
        {turnstileRequired && status.turnstile_site_key && (
          <TurnstileWidget siteKey={status.turnstile_site_key} onVerify={setTurnstileToken} />
        )}
      </Card>
    </div>
  );
}
