import type { ChannelView } from '@tollgate/contracts';
import { Checkbox, Form, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifier';
import { useCopyChannelMutation } from '../queries';

interface CopyChannelDialogProps {
  channel: ChannelView | null;
  onClose: () => void;
}

/**
 * Confirms a channel copy (`POST /api/channel/copy/{id}`): the copy is named with the suffix,
 * takes every setting and the key (on the server: the key never reaches the console), and starts
 * with zero balance and used quota unless the operator keeps them.
 */
export function CopyChannelDialog({ channel, onClose }: CopyChannelDialogProps) {
  const { t } = useTranslation('channels');
  const [suffix, setSuffix] = useState('');
  const [resetBalance, setResetBalance] = useState(true);
  const mutation = useCopyChannelMutation();

  useEffect(() => {
    if (!channel) return;
    setSuffix(t('messages.copySuffix'));
    setResetBalance(true);
  }, [channel, t]);

  const submit = () => {
    if (!channel) return;
    mutation.mutate(
      { id: channel.id, suffix, resetBalance },
      {
        onSuccess: () => {
          notify.success(t('messages.copied'));
          onClose();
        },
        onError: (error: unknown) =>
          notify.error(
            t('messages.copyFailed', {
              message: error instanceof Error ? error.message : String(error),
            }),
          ),
      },
    );
  };

  return (
    <Modal
      title={t('confirm.copy')}
      open={channel !== null}
      centered
      okText={t('actions.copy')}
      cancelText={t('common:cancel')}
      confirmLoading={mutation.isPending}
      onOk={submit}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">{t('confirm.copyDetail')}</Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Form.Item
          label={t('copyDialog.suffix')}
          extra={t('copyDialog.preview', {
            name: `${channel?.name ?? ''}${suffix}`,
          })}
        >
          <Input
            autoFocus
            value={suffix}
            aria-label={t('copyDialog.suffix')}
            maxLength={64}
            onChange={(event) => setSuffix(event.target.value)}
            onPressEnter={submit}
          />
        </Form.Item>
        <Checkbox
          checked={resetBalance}
          onChange={(event) => setResetBalance(event.target.checked)}
        >
          {t('copyDialog.resetBalance')}
        </Checkbox>
      </Form>
    </Modal>
  );
}
