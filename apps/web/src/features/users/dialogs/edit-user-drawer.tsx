import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../../components/forms/form-drawer';
import { EditUserForm } from '../form/edit-user-form';
import { useEditUserForm } from '../form/use-edit-user-form';

interface EditUserDrawerProps {
  userId: number | null;
  onClose: () => void;
}

/** The user list's edit drawer: the edit-user form (also the `/user/edit/{id}` page) in a drawer. */
export function EditUserDrawer({ userId, onClose }: EditUserDrawerProps) {
  const { t } = useTranslation('users');
  const editor = useEditUserForm(userId, onClose);
  return (
    <FormDrawer
      placement="right"
      open={userId !== null}
      onClose={onClose}
      title={t('edit.title')}
      onSubmit={editor.submit}
      submitting={editor.pending}
      submitDisabled={!editor.userQuery.data}
    >
      <EditUserForm editor={editor} />
    </FormDrawer>
  );
}
