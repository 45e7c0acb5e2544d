import { Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog, type DialogProps } from '../../../components/forms/form-dialog';
import { notify } from '../../../lib/notifier';
import { useBusyAction } from '../../../lib/use-busy-action';
import {
  emailBind,
  SendCodeButton,
  sendVerificationCode,
  useCountdown,
  useTurnstile,
} from '../../auth';

/** Seconds before another code can be mailed (spec: 30 s). */
const RESEND_WAIT_SECONDS = 30;

interface EmailBindDialogProps extends DialogProps {
  onBound: () => void;
}

/**
 * Binds (or changes) the account's email: a code is mailed to the address
 * (`GET /api/verification?email=`), then `GET /api/oauth/email/bind?email=&code=` sets it.
 */
export function EmailBindDialog({ open, onClose, onBound }: EmailBindDialogProps) {
  const { t } = useTranslation('personal');
  const countdown = useCountdown();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const sending = useBusyAction();
  const submitting = useBusyAction();
  const turnstile = useTurnstile(t('bindings.emailDialog.turnstilePending'));

  const close = () => {
    setEmail('');
    setCode('');
    onClose();
  };

  const sendCode = async () => {
    if (!turnstile.ready()) return;
    if (email.trim() === '') {
      notify.error(t('bindings.emailDialog.emailRequired'));
      return;
    }
    await sending.run(async () => {
      await sendVerificationCode(email.trim(), turnstile.token);
      notify.success(t('bindings.emailDialog.codeSent'));
      countdown.start(RESEND_WAIT_SECONDS);
    });
  };

  const submit = async () => {
    if (email.trim() === '' || code.trim() === '') {
      notify.error(t('bindings.emailDialog.missing'));
      return;
    }
    await submitting.run(async () => {
      await emailBind(email.trim(), code.trim());
      notify.success(t('bindings.emailDialog.success'));
      onBound();
      close();
    });
  };

  return (
    <FormDialog
      title={t('bindings.emailDialog.title')}
      open={open}
      okText={t('bindings.bind')}
      submitting={submitting.busy}
      onSubmit={() => void submit()}
      onCancel={close}
      destroyOnHidden
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            placeholder={t('bindings.emailDialog.emailPlaceholder')}
            aria-label={t('bindings.emailDialog.email')}
            autoComplete="email"
          />
          <SendCodeButton
            remaining={countdown.remaining}
            sending={sending.busy}
            onSend={() => void sendCode()}
            label={t('bindings.emailDialog.sendCode')}
            waitLabel={(seconds) => t('bindings.emailDialog.resendIn', { seconds })}
          />
        </Space.Compact>
        <Input
          value={code}
          onChange={(event) => setCode(event.target.value)}
          onPressEnter={() => void submit()}
          placeholder={t('bindings.emailDialog.codePlaceholder')}
          aria-label={t('bindings.emailDialog.code')}
          autoComplete="one-time-code"
        />
        {turnstile.widget}
      </Space>
    </FormDialog>
  );
}
