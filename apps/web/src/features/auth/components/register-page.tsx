import { Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { clearChangedFieldErrors } from '../../../lib/clear-field-errors';
import { notify } from '../../../lib/notifier';
import { useBusyAction } from '../../../lib/use-busy-action';
import { useStatus } from '../../../status/status-store';
import { register, sendVerificationCode } from '../api';
import { LoginCodeStep } from '../../two-factor';
import { AuthCard, AuthFootnote, AuthSubmitButton } from './auth-card';
import { SendCodeButton } from './send-code-button';
import { ThirdPartyLogin } from './third-party-login';
import { currentAffiliateCode, useRememberAffiliateCode } from './use-affiliate-code';
import { useCountdown } from './use-countdown';
import { useCompleteSignIn } from './use-sign-in';
import { useTurnstile } from './use-turnstile';
import {
  registrationLimits,
  validateRegistration,
  type RegistrationValues,
} from './validate-registration';

/** Seconds before another verification code may be requested. */
const resendWait = 30;

/** New account with username and password (plus email and code when verification is on). */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const status = useStatus();
  const [form] = Form.useForm<RegistrationValues>();
  const turnstile = useTurnstile(t('turnstile.pending'));
  const submitting = useBusyAction();
  const sendingCode = useBusyAction();
  // A WeChat or Telegram sign-in from here of an account with two-factor sign-in on.
  const [needsCode, setNeedsCode] = useState(false);
  const completeSignIn = useCompleteSignIn();
  const countdown = useCountdown();
  useRememberAffiliateCode();

  const emailVerification = status.email_verification === true;

  const values = (): RegistrationValues => {
    const fields = form.getFieldsValue();
    return {
      username: fields.username ?? '',
      password: fields.password ?? '',
      password2: fields.password2 ?? '',
      email: fields.email ?? '',
      verification_code: fields.verification_code ?? '',
    };
  };

  const onSubmit = async () => {
    const current = values();
    const failure = validateRegistration(current, { emailVerification });
    if (failure) {
      const text = t(failure.messageKey, registrationLimits);
      form.setFields([{ name: failure.field, errors: [text] }]);
      notify.info(text);
      return;
    }
    if (!turnstile.ready()) return;
    await submitting.run(async () => {
      await register({ ...current, aff_code: currentAffiliateCode(searchParams) }, turnstile.token);
      notify.success(t('register.success'));
      navigate('/login');
    });
  };

  const onSendCode = async () => {
    const email = (form.getFieldValue('email') as string | undefined)?.trim() ?? '';
    if (email === '') {
      notify.error(t('register.validation.emailRequired'));
      return;
    }
    if (!turnstile.ready()) return;
    await sendingCode.run(async () => {
      await sendVerificationCode(email, turnstile.token);
      notify.success(t('register.codeSent'));
      countdown.start(resendWait);
    });
  };

  if (needsCode) {
    return (
      <AuthCard>
        <LoginCodeStep
          onSignedIn={(data) => completeSignIn(data, '/')}
          onBack={() => setNeedsCode(false)}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('register.title')}>
      <Form
        form={form}
        layout="vertical"
        onFinish={() => void onSubmit()}
        onValuesChange={clearChangedFieldErrors(form)}
        requiredMark={false}
      >
        <Form.Item name="username" label={t('register.username')}>
          <Input
            placeholder={t('register.usernamePlaceholder', registrationLimits)}
            autoComplete="username"
            size="large"
          />
        </Form.Item>
        <Form.Item name="password" label={t('register.password')}>
          <Input.Password
            placeholder={t('register.passwordPlaceholder', registrationLimits)}
            autoComplete="new-password"
            size="large"
          />
        </Form.Item>
        <Form.Item name="password2" label={t('register.confirmPassword')}>
          <Input.Password
            placeholder={t('register.confirmPasswordPlaceholder')}
            autoComplete="new-password"
            size="large"
          />
        </Form.Item>
        {emailVerification && (
          <>
            <Form.Item label={t('register.email')} required={false}>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="email" noStyle>
                  <Input
                    type="email"
                    placeholder={t('register.emailPlaceholder')}
                    size="large"
                    autoComplete="email"
                  />
                </Form.Item>
                <SendCodeButton
                  size="large"
                  remaining={countdown.remaining}
                  sending={sendingCode.busy}
                  onSend={() => void onSendCode()}
                  label={t('register.sendCode')}
                  waitLabel={(seconds) => t('register.resendIn', { seconds })}
                />
              </Space.Compact>
            </Form.Item>
            <Form.Item name="verification_code" label={t('register.verificationCode')}>
              <Input placeholder={t('register.verificationCodePlaceholder')} size="large" />
            </Form.Item>
          </>
        )}
        <AuthSubmitButton loading={submitting.busy}>{t('register.submit')}</AuthSubmitButton>
      </Form>
      <AuthFootnote>
        {t('register.haveAccount')} <Link to="/login">{t('register.toLogin')}</Link>
      </AuthFootnote>
      <ThirdPartyLogin
        status={status}
        turnstileToken={turnstile.token}
        turnstileRequired={turnstile.required}
        onRequireTwoFactor={() => setNeedsCode(true)}
      />
      {turnstile.widget}
    </AuthCard>
  );
}
