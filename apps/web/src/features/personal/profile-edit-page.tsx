import { Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormActions } from '../../components/forms/form-actions';
import { clearChangedFieldErrors } from '../../lib/clear-field-errors';
import { showFieldProblem } from '../../lib/field-problem';
import { onSuccessNotify } from '../../lib/success-feedback';
import { useSelfQuery, type SelfUser } from '../../session/self-user';
import { getStoredUser, setStoredUser } from '../../session/stored-user';
import { SelfLoadState } from './components/self-load-state';
import { useUpdateProfileMutation } from './queries';
import {
  minimumProfilePasswordLength,
  profileChangeRequest,
  type ProfileFields,
} from './rules/profile-change';

function ProfileForm({ self }: { self: SelfUser }) {
  const { t } = useTranslation('personal');
  const navigate = useNavigate();
  const [form] = Form.useForm<ProfileFields>();
  const mutation = useUpdateProfileMutation();

  const onSubmit = () => {
    const change = profileChangeRequest(form.getFieldsValue());
    if (!change.ok) {
      showFieldProblem(
        form,
        change.field,
        t(`profile.${change.problem}`, { min: minimumProfilePasswordLength }),
      );
      return;
    }
    const { username = '', display_name = '' } = change.request;
    mutation.mutate(
      change.request,
      onSuccessNotify(t('profile.success'), () => {
        // The top bar shows the stored user's name: keep it in step with the saved one.
        const stored = getStoredUser();
        if (stored) setStoredUser({ ...stored, username, display_name });
        form.setFieldsValue({ password: '', original_password: '' });
      }),
    );
  };

  return (
    <>
      <Form
        form={form}
        layout="vertical"
        onValuesChange={clearChangedFieldErrors(form)}
        initialValues={{
          username: self.username,
          display_name: self.display_name,
          password: '',
          original_password: '',
        }}
      >
        <Form.Item name="username" label={t('profile.username')}>
          <Input placeholder={t('profile.usernamePlaceholder')} autoComplete="username" />
        </Form.Item>
        <Form.Item name="display_name" label={t('profile.displayName')}>
          <Input placeholder={t('profile.displayNamePlaceholder')} autoComplete="off" />
        </Form.Item>
        <Form.Item name="password" label={t('profile.password')}>
          <Input.Password
            placeholder={t('profile.passwordPlaceholder', { min: minimumProfilePasswordLength })}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item
          name="original_password"
          label={t('profile.originalPassword')}
          extra={t('profile.originalPasswordHint')}
        >
          <Input.Password
            placeholder={t('profile.originalPasswordPlaceholder')}
            autoComplete="current-password"
          />
        </Form.Item>
      </Form>
      <FormActions
        onCancel={() => void navigate('/personal')}
        onSubmit={onSubmit}
        submitting={mutation.isPending}
      />
    </>
  );
}

/**
 * `/user/edit`: the signed-in user's own profile (username, display name, password — what
 * `PUT /api/user/self` takes). A save stays on the page with a success message; cancel goes to
 * personal settings. The route table sends signed-out visitors to login before it mounts.
 */
export function ProfileEditPage() {
  const { t } = useTranslation('personal');
  const query = useSelfQuery();
  return (
    <Card title={t('profile.title')} style={{ maxWidth: 820, margin: '0 auto' }}>
      {query.data ? (
        <ProfileForm key={query.data.id} self={query.data} />
      ) : (
        <SelfLoadState query={query} />
      )}
    </Card>
  );
}
