import { Button, Drawer, Result, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDrawerWidth } from '../../../lib/use-is-mobile';
import { ChannelForm } from '../form/channel-form';
import { useChannelEditor } from '../form/use-channel-editor';

/** Which channel the drawer edits: a new one, or a stored one by id. */
export type ChannelDrawerTarget = { mode: 'add' } | { mode: 'edit'; id: number };

interface ChannelFormDrawerProps {
  target: ChannelDrawerTarget | null;
  onClose: () => void;
}

function DrawerBody({ channelId, onClose }: { channelId: number | null; onClose: () => void }) {
  const { t } = useTranslation('channels');
  const editor = useChannelEditor(channelId, onClose);
  const width = useDrawerWidth();
  return (
    <Drawer
      placement="right"
      size={width}
      open
      onClose={onClose}
      title={
        channelId === null
          ? t('form.addTitle')
          : editor.channel
            ? t('form.editTitleWithName', { name: editor.channel.name })
            : t('form.editTitle')
      }
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button
            type="primary"
            loading={editor.pending}
            disabled={editor.initialValues === null}
            onClick={editor.submit}
          >
            {t('common:submit')}
          </Button>
        </Space>
      }
    >
      {editor.failed ? (
        <Result status="warning" title={t('form.errors.loadFailed')} />
      ) : (
        <Spin spinning={editor.loading}>
          {editor.initialValues ? (
            <ChannelForm
              key={editor.formKey}
              form={editor.form}
              initialValues={editor.initialValues}
              channelId={channelId}
              onSubmit={editor.submit}
            />
          ) : (
            <div style={{ minHeight: 240 }} />
          )}
        </Spin>
      )}
    </Drawer>
  );
}

/**
 * The add/edit form in a side drawer over the list. Each opening mounts a fresh form, so nothing
 * of a previous session is left behind.
 */
export function ChannelFormDrawer({ target, onClose }: ChannelFormDrawerProps) {
  if (!target) return null;
  const channelId = target.mode === 'edit' ? target.id : null;
  return <DrawerBody key={channelId ?? 'new'} channelId={channelId} onClose={onClose} />;
}
