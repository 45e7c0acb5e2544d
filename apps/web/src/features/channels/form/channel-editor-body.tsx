import { Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingFormBody } from '../../../components/forms/loading-form-body';
import { ChannelForm } from './channel-form';
import type { useChannelEditor } from './use-channel-editor';

type ChannelEditor = ReturnType<typeof useChannelEditor>;

/** "Add channel", or "Edit channel" with the channel's name once it has loaded. */
export function ChannelEditorTitle({
  channelId,
  channel,
}: {
  channelId: number | null;
  channel: ChannelEditor['channel'];
}) {
  const { t } = useTranslation('channels');
  if (channelId === null) return t('form.addTitle');
  return channel ? t('form.editTitleWithName', { name: channel.name }) : t('form.editTitle');
}

/**
 * The channel form of one add or edit session (drawer or page): a warning when the channel could
 * not be loaded, a spinner while it loads; `actions` stand under the form.
 */
export function ChannelEditorBody({
  channelId,
  editor,
  actions,
}: {
  channelId: number | null;
  editor: ChannelEditor;
  actions?: ReactNode;
}) {
  const { t } = useTranslation('channels');
  if (editor.failed) return <Result status="warning" title={t('form.errors.loadFailed')} />;
  return (
    <LoadingFormBody spinning={editor.loading} row={editor.initialValues} minHeight={240}>
      {(initialValues) => (
        <>
          <ChannelForm
            key={editor.formKey}
            form={editor.form}
            initialValues={initialValues}
            channelId={channelId}
            onSubmit={editor.submit}
          />
          {actions}
        </>
      )}
    </LoadingFormBody>
  );
}
