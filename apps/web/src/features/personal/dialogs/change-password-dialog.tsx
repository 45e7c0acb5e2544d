import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, type DialogProps } from '../../../components/forms/form-dialog';
import { clearChangedFieldErrors } from '../../../lib/clear-field-errors';
import { showFieldProblem } from '../../../lib/field-problem';
import { notify } from '../../../lib/notifier';
import { onSuccessNotify } from '../../../lib/success-feedback';
import { useChangePasswordMutation } from '../queries';

interface PasswordFields {
  originalPassword: string;
  password: string;
  confirmation: string;
}

/** The current password, then the new one typed twice; both entries must match. */
export function ChangePasswordDialog({ open, onClose }: DialogProps) {
  const { t } = useTranslation('personal');
  const [form] = Form.useForm<PasswordFields>();
  const mutation = useChangePasswordMutation();

  const onSubmit = () => {
    const { originalPassword = '', password = '', confirmation = '' } = form.getFieldsValue();
    if (password === '') {
      notify.error(t('password.required'));
      return;
    }
    if (password !== confirmation) {
      showFieldProblem(form, 'confirmation', t('password.mismatch'));
      return;
    }
    mutation.mutate(
      { password, originalPassword },
      onSuccessNotify(t('password.success'), () => {
        form.resetFields();
        onClose();
      }),
    );
  };

  return (
    <FormDialog
      title={t('password.title')}
      open={open}
      submitting={mutation.isPending}
      onSubmit={onSubmit}
      onCancel={onClose}
      forceRender
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={onSubmit}
        onValuesChange={clearChangedFieldErrors(form)}
      >
        <Form.Item name="originalPassword" label={t('password.current')}>
          <Input.Password placeholder={t('password.current')} autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="password" label={t('password.newPassword')}>
          <Input.Password placeholder={t('password.newPassword')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmation" label={t('password.confirmation')}>
          <Input.Password placeholder={t('password.confirmation')} autoComplete="new-password" />
        </Form.Item>
        <button type="submit" hidden />
      </Form>
    </FormDialog>
  );
}
