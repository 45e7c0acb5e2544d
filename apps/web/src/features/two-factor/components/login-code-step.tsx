import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OneTimeCodeInput } from './one-time-code-input';
import { notify } from '../../../lib/notifier';
import { completeTwoFactorLogin } from '../api';

interface LoginCodeStepProps {
  /** The signed-in user the server answered with. */
  onSignedIn: (data: unknown) => void;
  /** Back to the password form (the pending sign-in expired, or another account). */
  onBack: () => void;
}

/** The second step of a password sign-in: a code from the authenticator app, or a backup code. */
export function LoginCodeStep({ onSignedIn, onBack }: LoginCodeStepProps) {
  const { t } = useTranslation('twoFactor');
  const [code, setCode] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const submit = async () => {
    const typed = code.trim();
    if (typed === '') {
      notify.error(t('code.required'));
      return;
    }
    setSubmitting(true);
    try {
      onSignedIn(await completeTwoFactorLogin(typed));
    } catch {
      // The HTTP client already showed the server's message.
      setCode('');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form layout="vertical" onFinish={() => void submit()} requiredMark={false}>
      <Typography.Paragraph style={{ textAlign: 'center' }}>
        <SafetyCertificateOutlined style={{ fontSize: 32 }} />
      </Typography.Paragraph>
      <Typography.Title level={5} style={{ textAlign: 'center', marginTop: 0 }}>
        {t('login.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('login.description')}</Typography.Paragraph>
      <Form.Item label={t('code.label')}>
        <OneTimeCodeInput
          value={code}
          onChange={setCode}
          placeholder={t('code.placeholder')}
          size="large"
          data-testid="two-factor-code"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        {t('login.submit')}
      </Button>
      <Button type="link" block onClick={onBack} style={{ marginTop: 8 }}>
        {t('login.back')}
      </Button>
    </Form>
  );
}
