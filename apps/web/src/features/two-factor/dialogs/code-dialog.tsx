import { Form, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OneTimeCodeInput } from '../components/one-time-code-input';
import { FormDialog } from '../../../components/forms/form-dialog';
import { notify } from '../../../lib/notifier';

interface CodeDialogProps {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  okText: ReactNode;
  danger?: boolean;
  loading: boolean;
  /** Sends the code; resolves when the server accepted it. */
  onSubmit: (code: string) => Promise<unknown>;
  onClose: () => void;
}

/** Asks for a TOTP or backup code before a protected change (turning off, new backup codes). */
export function CodeDialog({
  open,
  title,
  description,
  okText,
  danger,
  loading,
  onSubmit,
  onClose,
}: CodeDialogProps) {
  const { t } = useTranslation('twoFactor');
  const [code, setCode] = useState('');
  useEffect(() => {
    if (open) setCode('');
  }, [open]);

  const submit = () => {
    if (code.trim() === '') {
      notify.error(t('code.required'));
      return;
    }
    // The HTTP client shows a refusal; the dialog stays open for another try.
    onSubmit(code.trim()).catch(() => undefined);
  };

  return (
    <FormDialog
      title={title}
      open={open}
      okText={okText}
      okButtonProps={{ danger }}
      submitting={loading}
      onSubmit={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{description}</Typography.Paragraph>
      <Form layout="vertical" onFinish={submit}>
        <Form.Item label={t('code.label')}>
          <OneTimeCodeInput value={code} onChange={setCode} placeholder={t('code.placeholder')} />
        </Form.Item>
        <button type="submit" hidden />
      </Form>
    </FormDialog>
  );
}
