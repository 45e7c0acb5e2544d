import { SafetyOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  hasUsablePasskey,
  PasskeyBrowserError,
  verifyWithPasskey,
} from '../../lib/passkey-ceremony';
import { secureVerify, twoFactorIsOn } from '../../session/secure-verification';

interface SecureVerifyDialogProps {
  open: boolean;
  /** Called once the server accepted the proof. */
  onVerified: () => void;
  onCancel: () => void;
}

/**
 * Asks the user to prove again who they are before a sensitive action: a 2FA code (or backup
 * code) when 2FA is on, else the password (Tollgate's addition); a user with a passkey this
 * browser can use may verify with it instead.
 */
export function SecureVerifyDialog({ open, onVerified, onCancel }: SecureVerifyDialogProps) {
  const { t } = useTranslation('twoFactor');
  const [usesCode, setUsesCode] = useState<boolean | undefined>(undefined);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [passkey, setPasskey] = useState(false);

  useEffect(() => {
    if (!open) return;
    setValue('');
    setError(undefined);
    let current = true;
    void twoFactorIsOn().then((on) => {
      if (current) setUsesCode(on);
    });
    void hasUsablePasskey().then((usable) => {
      if (current) setPasskey(usable);
    });
    return () => {
      current = false;
    };
  }, [open]);

  const submit = async () => {
    if (value.trim() === '' || usesCode === undefined) return;
    setBusy(true);
    setError(undefined);
    try {
      await secureVerify(usesCode ? '2fa' : 'password', usesCode ? value.trim() : value);
      onVerified();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('secureVerify.failed'));
    } finally {
      setBusy(false);
    }
  };

  const verifyByPasskey = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await verifyWithPasskey({ notifyErrors: false });
      onVerified();
    } catch (failure) {
      if (failure instanceof PasskeyBrowserError) setError(t('secureVerify.passkeyCancelled'));
      else setError(failure instanceof Error ? failure.message : t('secureVerify.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={
        <>
          <SafetyOutlined /> {t('secureVerify.title')}
        </>
      }
      okText={t('secureVerify.submit')}
      cancelText={t('secureVerify.cancel')}
      okButtonProps={{ disabled: value.trim() === '' || usesCode === undefined, loading: busy }}
      onOk={() => void submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {usesCode ? t('secureVerify.codeIntro') : t('secureVerify.passwordIntro')}
      </Typography.Paragraph>
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          htmlFor="secure-verify-secret"
          label={usesCode ? t('secureVerify.codeLabel') : t('secureVerify.passwordLabel')}
        >
          {usesCode ? (
            <Input
              id="secure-verify-secret"
              autoFocus
              autoComplete="one-time-code"
              value={value}
              maxLength={32}
              placeholder={t('secureVerify.codePlaceholder')}
              onChange={(event) => setValue(event.target.value)}
              onPressEnter={() => void submit()}
            />
          ) : (
            <Input.Password
              id="secure-verify-secret"
              autoFocus
              autoComplete="current-password"
              value={value}
              placeholder={t('secureVerify.passwordPlaceholder')}
              onChange={(event) => setValue(event.target.value)}
              onPressEnter={() => void submit()}
            />
          )}
        </Form.Item>
        {passkey && (
          <Button block disabled={busy} onClick={() => void verifyByPasskey()}>
            {t('secureVerify.usePasskey')}
          </Button>
        )}
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
