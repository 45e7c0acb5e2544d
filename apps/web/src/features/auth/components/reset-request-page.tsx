import { MailOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notify } from '../../../lib/notifier';
import { useStatus } from '../../../status/status-store';
import { requestPasswordReset } from '../api';
import { TurnstileWidget } from './turnstile-widget';
import { useCountdown } from './use-countdown';

/** Seconds before another reset mail may be asked for (spec part 2, password reset). */
const retryWait = 30;

interface ResetRequestValues {
  email?: string;
}

/** `/reset`: asks for a password reset link by email. */
export function ResetRequestPage() {
  const { t } = useTranslation('auth');
  const status = useStatus();
  const [form] = Form.useForm<ResetRequestValues>();
  const [turnstileToken, setTurnstileToken] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const countdown = useCountdown();
  const turnstileRequired = status.turnstile_check === true;

  const onSubmit = async () => {
    const email = form.getFieldValue('email')?.trim() ?? '';
    if (email === '') {
      form.setFields([{ name: 'email', errors: [t('reset.emailRequired')] }]);
      return;
    }
    if (turnstileRequired && turnstileToken === '') {
      notify.info(t('turnstile.pending'));
      return;
    }
    setSubmitting(true);
    try {
      await requestPasswordReset(email, turnstileToken);
      notify.success(t('reset.sent'));
      form.resetFields();
      countdown.start(retryWait);
    } catch {
      // The HTTP client already showed the server's message.
    } finally {
      setSubmitting(false);
    }
  };

  const waiting = countdown.remaining > 0;
  return (
    <div className="tg-auth-page">
      <Card className="tg-auth-card">
        <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
          {t('reset.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('reset.description')}</Typography.Paragraph>
        <Form
          form={form}
          layout="vertical"
          onFinish={() => void onSubmit()}
          onValuesChange={() => form.setFields([{ name: 'email', errors: [] }])}
          requiredMark={false}
        >
          <Form.Item name="email" label={t('reset.email')}>
            <Input
              type="email"
              prefix={<MailOutlined />}
              placeholder={t('reset.emailPlaceholder')}
              autoComplete="email"
              size="large"
            />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            block
            loading={submitting}
            disabled={waiting}
          >
            {waiting ? t('reset.retryIn', { seconds: countdown.remaining }) : t('reset.submit')}
          </Button>
        </Form>
        <div style={{ marginTop: 16 }}>
          <Typography.Text>
            {t('reset.remembered')} <Link to="/login">{t('reset.toLogin')}</Link>
          </Typography.Text>
        </div>
        {turnstileRequired && status.turnstile_site_key && (
          <TurnstileWidget siteKey={status.turnstile_site_key} onVerify={setTurnstileToken} />
        )}
      </Card>
    </div>
  );
}
