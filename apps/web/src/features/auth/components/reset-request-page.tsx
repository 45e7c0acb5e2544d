import { MailOutlined } from '@ant-design/icons';
import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notify } from '../../../lib/notifier';
import { useBusyAction } from '../../../lib/use-busy-action';
import { requestPasswordReset } from '../api';
import { AuthCard, AuthFootnote, AuthSubmitButton } from './auth-card';
import { useCountdown } from './use-countdown';
import { useTurnstile } from './use-turnstile';

/** Seconds before another reset mail may be asked for (spec part 2, password reset). */
const retryWait = 30;

interface ResetRequestValues {
  email?: string;
}

/** `/reset`: asks for a password reset link by email. */
export function ResetRequestPage() {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<ResetRequestValues>();
  const turnstile = useTurnstile(t('turnstile.pending'));
  const submitting = useBusyAction();
  const countdown = useCountdown();

  const onSubmit = async () => {
    const email = form.getFieldValue('email')?.trim() ?? '';
    if (email === '') {
      form.setFields([{ name: 'email', errors: [t('reset.emailRequired')] }]);
      return;
    }
    if (!turnstile.ready()) return;
    await submitting.run(async () => {
      await requestPasswordReset(email, turnstile.token);
      notify.success(t('reset.sent'));
      form.resetFields();
      countdown.start(retryWait);
    });
  };

  const waiting = countdown.remaining > 0;
  return (
    <AuthCard title={t('reset.title')}>
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
        <AuthSubmitButton loading={submitting.busy} disabled={waiting}>
          {waiting ? t('reset.retryIn', { seconds: countdown.remaining }) : t('reset.submit')}
        </AuthSubmitButton>
      </Form>
      <AuthFootnote>
        {t('reset.remembered')} <Link to="/login">{t('reset.toLogin')}</Link>
      </AuthFootnote>
      {turnstile.widget}
    </AuthCard>
  );
}
