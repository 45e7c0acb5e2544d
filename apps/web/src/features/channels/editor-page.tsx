import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FormActions } from '../../components/forms/form-actions';
import { isAdmin, useStoredUser } from '../../session/stored-user';
import { ChannelEditorBody, ChannelEditorTitle } from './form/channel-editor-body';
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
      title={<ChannelEditorTitle channelId={channelId} channel={editor.channel} />}
      extra={
        <Button type="link" icon={<ArrowLeftOutlined />} onClick={back}>
          {t('form.back')}
        </Button>
      }
      style={{ maxWidth: 820, margin: '0 auto' }}
    >
      <ChannelEditorBody
        channelId={channelId}
        editor={editor}
        actions={
          <FormActions onCancel={back} onSubmit={editor.submit} submitting={editor.pending} />
        }
      />
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
