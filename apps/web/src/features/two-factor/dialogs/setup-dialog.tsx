import { Alert, Button, Flex, Form, Modal, QRCode, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DialogProps } from '../../../components/forms/form-dialog';
import { OneTimeCodeInput } from '../components/one-time-code-input';
import { copyWithFeedback } from '../../../lib/clipboard';
import { notify } from '../../../lib/notifier';
import { BackupCodesPanel } from '../components/backup-codes-panel';
import { useEnableTwoFactorMutation, useStartSetupMutation } from '../queries';

/**
 * Turning two-factor sign-in on: a new secret as a QR code (drawn here, nothing leaves the
 * browser) and as text, a first code to confirm it, then the backup codes, shown once.
 */
export function SetupDialog({ open, onClose }: DialogProps) {
  const { t } = useTranslation('twoFactor');
  const setup = useStartSetupMutation();
  const enable = useEnableTwoFactorMutation();
  const [code, setCode] = useState('');
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null);
  const { mutate: start, reset: resetSetup } = setup;
  const { reset: resetEnable } = enable;

  useEffect(() => {
    if (!open) return;
    setCode('');
    setBackupCodes(null);
    resetEnable();
    start();
    return () => resetSetup();
  }, [open, start, resetSetup, resetEnable]);

  const confirm = () => {
    const typed = code.replace(/\s+/g, '');
    if (typed === '') {
      notify.error(t('code.required'));
      return;
    }
    enable.mutate(typed, { onSuccess: (data) => setBackupCodes(data.backup_codes) });
  };

  const secret = setup.data?.secret ?? '';
  const done = backupCodes !== null;

  return (
    <Modal
      title={done ? t('backupCodes.title') : t('setup.title')}
      open={open}
      centered
      maskClosable={false}
      onCancel={onClose}
      destroyOnHidden
      footer={
        done ? (
          <Button type="primary" onClick={onClose}>
            {t('backupCodes.done')}
          </Button>
        ) : (
          <Flex gap={8} justify="end">
            <Button onClick={onClose}>{t('common:cancel')}</Button>
            <Button
              type="primary"
              loading={enable.isPending}
              disabled={!setup.data}
              onClick={confirm}
            >
              {t('setup.submit')}
            </Button>
          </Flex>
        )
      }
    >
      {done ? (
        <BackupCodesPanel codes={backupCodes} />
      ) : setup.data ? (
        <Flex vertical gap={12}>
          <Typography.Text strong>{t('setup.scan')}</Typography.Text>
          <Flex justify="center">
            <QRCode
              value={setup.data.qr_code_data}
              size={184}
              bordered
              bgColor="#ffffff"
              color="#000000"
            />
          </Flex>
          <Typography.Text type="secondary">{t('setup.manual')}</Typography.Text>
          <Flex gap={8} align="center" wrap>
            <Typography.Text code style={{ wordBreak: 'break-all' }} data-testid="totp-secret">
              {secret}
            </Typography.Text>
            <Button
              size="small"
              onClick={() => void copyWithFeedback(secret, t('setup.secretCopied'))}
            >
              {t('setup.copySecret')}
            </Button>
          </Flex>
          <Typography.Text strong>{t('setup.confirm')}</Typography.Text>
          <Form layout="vertical" onFinish={confirm}>
            <OneTimeCodeInput
              value={code}
              onChange={setCode}
              placeholder={t('code.totpPlaceholder')}
              inputMode="numeric"
              maxLength={7}
              size="large"
              style={{ maxWidth: 220, letterSpacing: 4 }}
            />
            <button type="submit" hidden />
          </Form>
        </Flex>
      ) : setup.isError ? (
        <Alert type="error" showIcon title={setup.error.message} />
      ) : (
        <Flex justify="center" align="center" gap={8} style={{ padding: 32 }}>
          <Spin />
          <Typography.Text type="secondary">{t('setup.preparing')}</Typography.Text>
        </Flex>
      )}
    </Modal>
  );
}
