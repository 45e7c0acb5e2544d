import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FormActions } from '../../components/forms/form-actions';
import { EditUserForm } from './form/edit-user-form';
import { useEditUserForm } from './form/use-edit-user-form';
import { parseRouteUserId } from './rules/route-user-id';

function EditorCard({ userId }: { userId: number }) {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const back = () => void navigate('/user');
  const editor = useEditUserForm(userId, back);

  if (editor.userQuery.isError) {
    return <Result status="warning" title={t('edit.loadFailed')} />;
  }
  return (
    <Card
      title={t('edit.title')}
      extra={
        <Button type="link" icon={<ArrowLeftOutlined />} onClick={back}>
          {t('edit.back')}
        </Button>
      }
      style={{ maxWidth: 820, margin: '0 auto' }}
    >
      <EditUserForm editor={editor} />
      <FormActions
        onCancel={back}
        onSubmit={editor.submit}
        submitting={editor.pending}
        submitDisabled={!editor.userQuery.data}
      />
    </Card>
  );
}

/**
 * `/user/edit/{id}`: the user list's edit form as a page of its own; a save goes back to the
 * list. The route table lets only signed-in admins mount it (others get login or the 403 page
 * before any call), so an id that is no number is all it still has to refuse.
 */
export function UserEditorPage() {
  const { t } = useTranslation('users');
  const userId = parseRouteUserId(useParams().id);
  if (userId === null) return <Result status="warning" title={t('edit.loadFailed')} />;
  return <EditorCard key={userId} userId={userId} />;
}
