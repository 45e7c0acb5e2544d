import { Alert, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormDialog } from '../../../components/forms/form-dialog';
import { notify } from '../../../lib/notifier';
import { useSignOut } from '../../../session/sign-out';
import { useDeleteAccountMutation } from '../queries';

interface DeleteAccountDialogProps {
  open: boolean;
  username: string;
  onClose: () => void;
}

/** Deletes the own account once the user types their own username. */
export function DeleteAccountDialog({ open, username, onClose }: DeleteAccountDialogProps) {
  const { t } = useTranslation('personal');
  const navigate = useNavigate();
  const [confirmation, setConfirmation] = useState('');
  const mutation = useDeleteAccountMutation();
  const signOut = useSignOut();

  const onConfirm = () => {
    if (confirmation !== username || username === '') {
      notify.error(t('deleteAccount.mismatch'));
      return;
    }
    mutation.mutate(undefined, {
      onSuccess: async () => {
        notify.success(t('deleteAccount.success'));
        await signOut();
        onClose();
        navigate('/login');
      },
    });
  };

  return (
    <FormDialog
      title={t('deleteAccount.title')}
      open={open}
      okText={t('deleteAccount.confirm')}
      okButtonProps={{ danger: true }}
      submitting={mutation.isPending}
      onSubmit={onConfirm}
      onCancel={() => {
        setConfirmation('');
        onClose();
      }}
    >
      <Alert
        type="error"
        showIcon
        title={t('deleteAccount.warning')}
        style={{ marginBottom: 16 }}
      />
      <Input
        placeholder={t('deleteAccount.placeholder', { username })}
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
        onPressEnter={onConfirm}
      />
    </FormDialog>
  );
}
