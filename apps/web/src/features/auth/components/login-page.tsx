import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { notify } from '../../../lib/notifier';
import { useBusyAction } from '../../../lib/use-busy-action';
import { LoginCodeStep, requiresTwoFactor } from '../../two-factor';
import { PasskeyLoginButton } from './passkey-login-button';
import { useStatus } from '../../../status/status-store';
import { login, type LoginCredentials } from '../api';
import { useDefaultPasswordWarning } from '../dialogs/default-password-warning';
import { AuthCard, AuthSubmitButton } from './auth-card';
import { hasThirdPartyLogin, ThirdPartyLogin } from './third-party-login';
import { useRememberAffiliateCode } from './use-affiliate-code';
import { useCompleteSignIn } from './use-sign-in';
import { useTurnstile } from './use-turnstile';
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
  const turnstile = useTurnstile(t('turnstile.pending'));
  const submitting = useBusyAction();
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

  const passwordLoginEnabled = status.password_login_enabled !== false;

  const finishSignIn = (data: unknown, pending: PendingLogin) => {
    const user = completeSignIn(data, pending.target);
    const { username = '', password = '' } = pending.credentials ?? {};
    if (user && isDefaultRootLogin(username, password)) {
      warnDefaultPassword();
    }
  };

  const onSubmit = async () => {
    if (!turnstile.ready()) return;
    const { username = '', password = '' } = form.getFieldsValue();
    if (!username || !password) {
      notify.error(t('login.missingCredentials'));
      return;
    }
    await submitting.run(async () => {
      const data = await login({ username, password }, turnstile.token);
      if (requiresTwoFactor(data)) {
        setPendingLogin({ credentials: { username, password }, target: '/token' });
        return;
      }
      finishSignIn(data, { credentials: { username, password }, target: '/token' });
    });
  };

  return (
    <AuthCard title={t('login.title')}>
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
          <AuthSubmitButton loading={submitting.busy}>{t('login.submit')}</AuthSubmitButton>
        </Form>
      ) : (
        <Alert
          type="info"
          showIcon
          title={
            hasThirdPartyLogin(status) || status.passkey_login
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
      {!pendingLogin && status.passkey_login && (
        <div style={{ marginTop: 16 }}>
          <PasskeyLoginButton onSignedIn={(data) => finishSignIn(data, { target: '/token' })} />
        </div>
      )}
      {!pendingLogin && (
        <ThirdPartyLogin
          status={status}
          turnstileToken={turnstile.token}
          turnstileRequired={turnstile.required}
          onRequireTwoFactor={() => setPendingLogin({ target: '/' })}
        />
      )}
      {turnstile.widget}
    </AuthCard>
  );
}
