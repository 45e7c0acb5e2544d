import { Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifier';
import { useSetChannelsTagMutation } from '../queries';

interface BatchTagDialogProps {
  ids: number[] | null;
  onClose: (tagged: boolean) => void;
}

/** Sets one tag on the selected channels (`POST /api/channel/batch/tag`); the tag is required. */
export function BatchTagDialog({ ids, onClose }: BatchTagDialogProps) {
  const { t } = useTranslation('channels');
  const [tag, setTag] = useState('');
  const mutation = useSetChannelsTagMutation();

  useEffect(() => {
    if (ids) setTag('');
  }, [ids]);

  const submit = () => {
    if (!ids) return;
    if (tag.trim() === '') {
      notify.info(t('messages.tagRequired'));
      return;
    }
    mutation.mutate(
      { ids, tag: tag.trim() },
      {
        onSuccess: (count) => {
          notify.success(t('messages.tagged', { count }));
          onClose(true);
        },
      },
    );
  };

  return (
    <Modal
      title={t('batchTag.title')}
      open={ids !== null}
      centered
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      confirmLoading={mutation.isPending}
      onOk={submit}
      onCancel={() => onClose(false)}
    >
      <Typography.Paragraph type="secondary">
        {t('batchTag.selected', { count: ids?.length ?? 0 })}
      </Typography.Paragraph>
      <Input
        autoFocus
        value={tag}
        placeholder={t('batchTag.placeholder')}
        aria-label={t('batchTag.placeholder')}
        maxLength={191}
        onChange={(event) => setTag(event.target.value)}
        onPressEnter={submit}
      />
    </Modal>
  );
}
