import { CopyOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SecureVerifyDialog } from '../../../components/secure-verify/secure-verify-dialog';
import { copyWithFeedback } from '../../../lib/clipboard';
import { http } from '../../../lib/http-client';
import { isRecord } from '../../../lib/local-store';
import { notify } from '../../../lib/notifier';
import { needsSecureVerification } from '../../../session/secure-verification';
import { isRoot, useStoredUser } from '../../../session/stored-user';

/** `POST /api/channel/{id}/key` (root, after a secure verification): the stored key text. */
async function revealChannelKey(id: number): Promise<string> {
  const data = await http.post<unknown>(`/api/channel/${id}/key`, undefined, {
    notifyErrors: false,
  });
  if (!isRecord(data) || typeof data.key !== 'string') throw new Error('Unexpected key data');
  return data.key;
}

/**
 * "View key" for root in the channel editor: the server never sends a channel's key with the
 * channel, so it is read here — straight away within five minutes of a verification, else after
 * the verification dialog — and shown in a dialog with a copy button.
 */
export function ChannelKeyReveal({ channelId }: { channelId: number }) {
  const { t } = useTranslation('channels');
  const user = useStoredUser();
  const [verifying, setVerifying] = useState(false);
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState<string | undefined>(undefined);
  if (!isRoot(user)) return null;

  const read = async () => {
    setBusy(true);
    try {
      setKey(await revealChannelKey(channelId));
    } catch (error) {
      if (needsSecureVerification(error)) setVerifying(true);
      else notify.error(error instanceof Error ? error.message : t('keyReveal.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        size="small"
        icon={<EyeOutlined />}
        loading={busy}
        onClick={() => void read()}
        data-testid="channel-key-reveal"
      >
        {t('keyReveal.button')}
      </Button>
      <SecureVerifyDialog
        open={verifying}
        onCancel={() => setVerifying(false)}
        onVerified={() => {
          setVerifying(false);
          void read();
        }}
      />
      <Modal
        open={key !== undefined}
        title={t('keyReveal.title')}
        onCancel={() => setKey(undefined)}
        footer={
          <Space>
            <Button icon={<CopyOutlined />} onClick={() => void copyWithFeedback(key ?? '')}>
              {t('keyReveal.copy')}
            </Button>
            <Button type="primary" onClick={() => setKey(undefined)}>
              {t('keyReveal.close')}
            </Button>
          </Space>
        }
        destroyOnHidden
      >
        <Input.TextArea
          readOnly
          value={key}
          autoSize={{ minRows: 2, maxRows: 10 }}
          spellCheck={false}
          data-testid="channel-key-text"
        />
      </Modal>
    </>
  );
}
