import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Result, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isAdmin, useStoredUser } from '../../session/stored-user';
import { ChannelForm } from './form/channel-form';
import { useChannelEditor } from './form/use-channel-editor';

function parseChannelId(text: string | undefined): number | null {
  if (text === undefined || !/^\d+$/.test(text)) return null;
  const id = Number(text);
  return id > 0 ? id : null;
}

function EditorCard({ channelId }: { channelId: number | null }) {
  const { t } = useTranslation('channels');
  const navigate = useNavigate();
  const back = () => void navigate('/channel');
  const editor = useChannelEditor(channelId, back);

  return (
    <Card
      title={
        channelId === null
          ? t('form.addTitle')
          : editor.channel
            ? t('form.editTitleWithName', { name: editor.channel.name })
            : t('form.editTitle')
      }
      extra={
        <Button type="link" icon={<ArrowLeftOutlined />} onClick={back}>
          {t('form.back')}
        </Button>
      }
      style={{ maxWidth: 820, margin: '0 auto' }}
    >
      {editor.failed ? (
        <Result status="warning" title={t('form.errors.loadFailed')} />
      ) : (
        <Spin spinning={editor.loading}>
          {editor.initialValues ? (
            <>
              <ChannelForm
                key={editor.formKey}
                form={editor.form}
                initialValues={editor.initialValues}
                channelId={channelId}
                onSubmit={editor.submit}
              />
              <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
                <Button onClick={back}>{t('common:cancel')}</Button>
                <Button type="primary" loading={editor.pending} onClick={editor.submit}>
                  {t('common:submit')}
                </Button>
              </Space>
            </>
          ) : (
            <div style={{ minHeight: 240 }} />
          )}
        </Spin>
      )}
    </Card>
  );
}

/**
 * `/channel/add` and `/channel/edit/{id}`: the channel form as a page of its own (the list opens
 * the same form in a drawer). The route is not guarded; the calls need an admin session.
 */
export function ChannelEditorPage() {
  const { t } = useTranslation('channels');
  const { id } = useParams();
  const user = useStoredUser();
  if (user && !isAdmin(user)) return <Result status="403" title={t('forbidden')} />;
  if (id !== undefined && parseChannelId(id) === null) {
    return <Result status="warning" title={t('form.errors.loadFailed')} />;
  }
  const channelId = parseChannelId(id);
  return <EditorCard key={channelId ?? 'new'} channelId={channelId} />;
}
