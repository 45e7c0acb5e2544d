import { Button, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifier';
import { useStatus } from '../../../status/status-store';
import { emailBind, sendVerificationCode, TurnstileWidget, useCountdown } from '../../auth';

/** Seconds before another code can be mailed (spec: 30 s). */
const RESEND_WAIT_SECONDS = 30;

interface EmailBindDialogProps {
  open: boolean;
  onClose: () => void;
  onBound: () => void;
}

/**
 * Binds (or changes) the account's email: a code is mailed to the address
 * (`GET /api/verification?email=`), then `GET /api/oauth/email/bind?email=&code=` sets it.
 */
export function EmailBindDialog({ open, onClose, onBound }: EmailBindDialogProps) {
  const { t } = useTranslation('personal');
  const status = useStatus();
  const countdown = useCountdown();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [turnstileToken, setTurnstileToken] = useState('');
  const turnstileRequired = status.turnstile_check === true;

  const close = () => {
    setEmail('');
    setCode('');
    onClose();
  };

  const sendCode = async () => {
    if (turnstileRequired && turnstileToken === '') {
      notify.info(t('bindings.emailDialog.turnstilePending'));
      return;
    }
    if (email.trim() === '') {
      notify.error(t('bindings.emailDialog.emailRequired'));
      return;
    }
    setSending(true);
    try {
      await sendVerificationCode(email.trim(), turnstileToken);
      notify.success(t('bindings.emailDialog.codeSent'));
      countdown.start(RESEND_WAIT_SECONDS);
    } catch {
      // The HTTP client already showed the server's message.
    } finally {
      setSending(false);
    }
  };

  const submit = async () => {
    if (email.trim() === '' || code.trim() === '') {
      notify.error(t('bindings.emailDialog.missing'));
      return;
    }
    setSubmitting(true);
    try {
      await emailBind(email.trim(), code.trim());
      notify.success(t('bindings.emailDialog.success'));
      onBound();
      close();
    } catch {
      // Reported by the HTTP client.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      title={t('bindings.emailDialog.title')}
      open={open}
      okText={t('bindings.bind')}
      confirmLoading={submitting}
      onOk={() => void submit()}
      onCancel={close}
      centered
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
          <Button
            onClick={() => void sendCode()}
            loading={sending}
            disabled={countdown.remaining > 0}
          >
            {countdown.remaining > 0
              ? t('bindings.emailDialog.resendIn', { seconds: countdown.remaining })
              : t('bindings.emailDialog.sendCode')}
          </Button>
        </Space.Compact>
        <Input
          value={code}
          onChange={(event) => setCode(event.target.value)}
          onPressEnter={() => void submit()}
          placeholder={t('bindings.emailDialog.codePlaceholder')}
          aria-label={t('bindings.emailDialog.code')}
          autoComplete="one-time-code"
        />
        {turnstileRequired && status.turnstile_site_key && (
          <TurnstileWidget siteKey={status.turnstile_site_key} onVerify={setTurnstileToken} />
        )}
      </Space>
    </Modal>
  );
}
