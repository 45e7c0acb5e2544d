import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DialogProps } from '../../../components/forms/form-dialog';
import { FormDrawer } from '../../../components/forms/form-drawer';
import { notify } from '../../../lib/notifier';
import { onSuccessNotify } from '../../../lib/success-feedback';
import type { NewUser } from '../api';
import { useCreateUserMutation } from '../queries';

const emptyUser: NewUser = { username: '', display_name: '', password: '' };

/** Creates a user with username, display name and password. */
export function AddUserDrawer({ open, onClose }: DialogProps) {
  const { t } = useTranslation('users');
  const [form] = Form.useForm<NewUser>();
  const mutation = useCreateUserMutation();

  const onSubmit = () => {
    const values = { ...emptyUser, ...form.getFieldsValue() };
    if (values.username === '' || values.password === '') {
      notify.error(t('add.required'));
      return;
    }
    mutation.mutate(
      values,
      onSuccessNotify(t('add.success'), () => {
        form.resetFields();
        onClose();
      }),
    );
  };

  return (
    <FormDrawer
      placement="left"
      open={open}
      onClose={onClose}
      title={t('add.title')}
      keepMounted
      onSubmit={onSubmit}
      submitting={mutation.isPending}
    >
      <Form form={form} layout="vertical" initialValues={emptyUser} onFinish={onSubmit}>
        <Form.Item name="username" label={t('fields.username')}>
          <Input placeholder={t('add.usernamePlaceholder')} autoComplete="off" />
        </Form.Item>
        <Form.Item name="display_name" label={t('fields.displayName')}>
          <Input placeholder={t('add.displayNamePlaceholder')} autoComplete="off" />
        </Form.Item>
        <Form.Item name="password" label={t('fields.password')}>
          <Input.Password placeholder={t('add.passwordPlaceholder')} autoComplete="new-password" />
        </Form.Item>
        <button type="submit" hidden />
      </Form>
    </FormDrawer>
  );
}
