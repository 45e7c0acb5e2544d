import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifier';
import { CodeDialog } from '../dialogs/code-dialog';
import { SetupDialog } from '../dialogs/setup-dialog';
import {
  useDisableTwoFactorMutation,
  useRegenerateBackupCodesMutation,
  useTwoFactorStatusQuery,
} from '../queries';
import { BackupCodesPanel } from './backup-codes-panel';

/** Fewer unused backup codes than this gets a reminder to make new ones. */
const LOW_BACKUP_CODES = 3;

type OpenDialog = 'setup' | 'disable' | 'regenerate' | null;

/** Personal settings: the two-factor status, turning it on or off, new backup codes. */
export function TwoFactorCard() {
  const { t } = useTranslation('twoFactor');
  const status = useTwoFactorStatusQuery();
  const disable = useDisableTwoFactorMutation();
  const regenerate = useRegenerateBackupCodesMutation();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const close = () => setDialog(null);

  const enabled = status.data?.enabled === true;
  const remaining = status.data?.backup_codes_remaining ?? 0;

  return (
    <Card
      title={
        <Space>
          <SafetyCertificateOutlined />
          {t('card.title')}
        </Space>
      }
      extra={
        status.data && (
          <Tag color={enabled ? 'green' : 'default'}>
            {enabled ? t('card.enabled') : t('card.disabled')}
          </Tag>
        )
      }
      loading={status.isPending}
    >
      <Typography.Paragraph type="secondary">{t('card.description')}</Typography.Paragraph>
      {status.isError && <Alert type="error" showIcon title={t('card.loadFailed')} />}
      {enabled && (
        <Space orientation="vertical" size={8} style={{ width: '100%', marginBottom: 12 }}>
          <Typography.Text>{t('card.backupRemaining', { count: remaining })}</Typography.Text>
          {remaining < LOW_BACKUP_CODES && (
            <Alert type="warning" showIcon title={t('card.backupLow')} />
          )}
        </Space>
      )}
      {status.data && (
        <Space wrap>
          {enabled ? (
            <>
              <Button onClick={() => setDialog('regenerate')}>{t('card.regenerate')}</Button>
              <Button danger onClick={() => setDialog('disable')}>
                {t('card.disable')}
              </Button>
            </>
          ) : (
            <Button type="primary" onClick={() => setDialog('setup')}>
              {t('card.enable')}
            </Button>
          )}
        </Space>
      )}

      <SetupDialog open={dialog === 'setup'} onClose={close} />
      <CodeDialog
        open={dialog === 'disable'}
        title={t('disable.title')}
        description={t('disable.description')}
        okText={t('disable.submit')}
        danger
        loading={disable.isPending}
        onSubmit={(code) =>
          disable.mutateAsync(code).then(() => {
            notify.success(t('disable.success'));
            close();
          })
        }
        onClose={close}
      />
      <CodeDialog
        open={dialog === 'regenerate'}
        title={t('regenerate.title')}
        description={t('regenerate.description')}
        okText={t('regenerate.submit')}
        loading={regenerate.isPending}
        onSubmit={(code) =>
          regenerate.mutateAsync(code).then((data) => {
            notify.success(t('regenerate.success'));
            close();
            setNewCodes(data.backup_codes);
          })
        }
        onClose={close}
      />
      <Modal
        title={t('backupCodes.title')}
        open={newCodes !== null}
        centered
        maskClosable={false}
        closable={false}
        footer={
          <Button type="primary" onClick={() => setNewCodes(null)}>
            {t('backupCodes.done')}
          </Button>
        }
      >
        {newCodes && <BackupCodesPanel codes={newCodes} />}
      </Modal>
    </Card>
  );
}
