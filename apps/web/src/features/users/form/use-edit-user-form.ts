import { Form, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { showFieldProblem } from '../../../lib/field-problem';
import { onSuccessNotify } from '../../../lib/success-feedback';
import { limitsToSend, readLimitTexts, type LimitTexts } from '../../../lib/usage-limits';
import type { UserUpdate } from '../api';
import { useUpdateUserMutation, useUserQuery } from '../queries';

/** Minimum length of a new password set by an admin. */
export const minimumPasswordLength = 8;

export type EditableUserFields = Omit<UserUpdate, 'id' | 'limits'> & { limits: LimitTexts };

/** What the edit-user form needs from its holder (the list's drawer or the `/user/edit/{id}` page). */
export interface EditUserFormState {
  userId: number | null;
  form: FormInstance<EditableUserFields>;
  userQuery: ReturnType<typeof useUserQuery>;
  /** Checks the password and limits, then saves; `onSaved` runs once the server accepted it. */
  submit: () => void;
  pending: boolean;
}

/**
 * Loads user `userId` (nothing while null) and saves the admin's changes to it with
 * `PUT /api/user/`: username, display name, password (empty keeps it), group, quota, limits.
 */
export function useEditUserForm(userId: number | null, onSaved: () => void): EditUserFormState {
  const { t } = useTranslation('users');
  const [form] = Form.useForm<EditableUserFields>();
  const userQuery = useUserQuery(userId);
  const mutation = useUpdateUserMutation();

  const submit = () => {
    if (userId === null) return;
    const values = form.getFieldsValue();
    const password = values.password ?? '';
    if (password !== '' && password.length < minimumPasswordLength) {
      showFieldProblem(
        form,
        'password',
        t('edit.passwordTooShort', { min: minimumPasswordLength }),
      );
      return;
    }
    const limits = readLimitTexts(values.limits);
    if (!limits.ok) {
      showFieldProblem(form, ['limits', limits.kind], t('edit.limitInvalid'));
      return;
    }
    const sentLimits = limitsToSend(limits.limits, userQuery.data?.limits);
    mutation.mutate(
      {
        id: userId,
        username: values.username ?? '',
        display_name: values.display_name ?? '',
        password,
        group: values.group ?? '',
        quota: Math.trunc(Number(values.quota ?? 0)),
        ...(sentLimits === undefined ? {} : { limits: sentLimits }),
      },
      onSuccessNotify(t('edit.success'), onSaved),
    );
  };

  return { userId, form, userQuery, submit, pending: mutation.isPending };
}
