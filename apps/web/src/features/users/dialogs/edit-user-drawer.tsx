import { Button, Divider, Form, Input, InputNumber, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../../components/forms/form-drawer';
import { LoadingFormBody } from '../../../components/forms/loading-form-body';
import { clearChangedFieldErrors } from '../../../lib/clear-field-errors';
import { showFieldProblem } from '../../../lib/field-problem';
import { onSuccessNotify } from '../../../lib/success-feedback';
import { quotaEquivalent } from '../../../lib/quota-format';
import type { UserUpdate } from '../api';
import { LimitFields } from '../../../components/usage-limits/limit-fields';
import {
  anyLimitText,
  limitsToSend,
  limitTextsOf,
  readLimitTexts,
  type LimitTexts,
} from '../../../lib/usage-limits';
import {
  useGroupLimitsQuery,
  useGroupsQuery,
  useUpdateUserMutation,
  useUserQuery,
} from '../queries';
import { AddQuotaDialog } from './add-quota-dialog';

/** Minimum length of a new password set by an admin. */
const minimumPasswordLength = 8;

type EditableFields = Omit<UserUpdate, 'id' | 'limits'> & { limits: LimitTexts };

const boundAccounts = [
  { field: 'github_id', labelKey: 'edit.bound.github' },
  { field: 'oidc_id', labelKey: 'edit.bound.oidc' },
  { field: 'wechat_id', labelKey: 'edit.bound.wechat' },
  { field: 'email', labelKey: 'edit.bound.email' },
  { field: 'telegram_id', labelKey: 'edit.bound.telegram' },
  { field: 'linux_do_id', labelKey: 'edit.bound.linuxdo' },
] as const;

interface EditUserDrawerProps {
  userId: number | null;
  onClose: () => void;
}

/** Edits username, display name, password, group and quota of one user; bindings are read-only. */
export function EditUserDrawer({ userId, onClose }: EditUserDrawerProps) {
  const { t } = useTranslation('users');
  const [form] = Form.useForm<EditableFields>();
  const [addQuotaOpen, setAddQuotaOpen] = useState(false);
  const userQuery = useUserQuery(userId);
  const groupsQuery = useGroupsQuery(userId !== null);
  const mutation = useUpdateUserMutation();
  const quota = Form.useWatch('quota', form) ?? 0;
  const group = Form.useWatch('group', form);
  const limitTexts = Form.useWatch('limits', form);
  const groupLimitsQuery = useGroupLimitsQuery(userId !== null);

  const onSubmit = () => {
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
      onSuccessNotify(t('edit.success'), onClose),
    );
  };

  const equivalent = quotaEquivalent(quota);
  const user = userQuery.data;

  return (
    <FormDrawer
      placement="right"
      open={userId !== null}
      onClose={onClose}
      title={t('edit.title')}
      onSubmit={onSubmit}
      submitting={mutation.isPending}
      submitDisabled={!user}
    >
      <LoadingFormBody spinning={userQuery.isFetching} row={user}>
        {(user) => (
          <Form
            // A fresh copy of the user (re-opened drawer) starts a fresh form.
            key={userQuery.dataUpdatedAt}
            form={form}
            // The form store outlives the drawer; without this a re-opened drawer shows the
            // previous user's values.
            clearOnDestroy
            layout="vertical"
            onValuesChange={clearChangedFieldErrors(form)}
            initialValues={{
              username: user.username,
              display_name: user.display_name,
              password: '',
              group: user.group,
              quota: user.quota,
              limits: limitTextsOf(user.limits),
            }}
          >
            <Form.Item name="username" label={t('fields.username')}>
              <Input placeholder={t('edit.usernamePlaceholder')} autoComplete="off" />
            </Form.Item>
            <Form.Item name="password" label={t('fields.password')}>
              <Input.Password
                placeholder={t('edit.passwordPlaceholder', { min: minimumPasswordLength })}
                autoComplete="new-password"
              />
            </Form.Item>
            <Form.Item name="display_name" label={t('fields.displayName')}>
              <Input placeholder={t('edit.displayNamePlaceholder')} autoComplete="off" />
            </Form.Item>
            <Form.Item name="group" label={t('fields.group')}>
              <Select
                showSearch
                placeholder={t('edit.groupPlaceholder')}
                loading={groupsQuery.isPending}
                options={(groupsQuery.data ?? []).map((group) => ({ label: group, value: group }))}
                notFoundContent={t('edit.groupHint')}
              />
            </Form.Item>
            <Form.Item
              label={
                equivalent === null
                  ? t('fields.remainingQuota')
                  : t('edit.remainingQuotaWithEquivalent', { amount: equivalent })
              }
            >
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="quota" noStyle>
                  <InputNumber<number>
                    style={{ width: '100%' }}
                    precision={0}
                    placeholder={t('edit.quotaPlaceholder')}
                  />
                </Form.Item>
                <Button onClick={() => setAddQuotaOpen(true)}>{t('addQuota.open')}</Button>
              </Space.Compact>
            </Form.Item>
            <LimitFields
              name="limits"
              fallback={groupLimitsQuery.data?.[group ?? user.group]}
              fallbackLabel="placeholder.groupDefault"
              defaultOpen={anyLimitText(limitTextsOf(user.limits))}
              texts={limitTexts}
            />
            <Divider>{t('edit.readOnlyDivider')}</Divider>
            {boundAccounts.map((account) => (
              <Form.Item key={account.field} label={t(account.labelKey)}>
                <Input
                  readOnly
                  value={user[account.field] ?? ''}
                  placeholder={t('edit.readOnlyHint')}
                />
              </Form.Item>
            ))}
          </Form>
        )}
      </LoadingFormBody>
      <AddQuotaDialog
        open={addQuotaOpen}
        currentQuota={Math.trunc(Number(quota))}
        onConfirm={(newQuota) => form.setFieldValue('quota', newQuota)}
        onClose={() => setAddQuotaOpen(false)}
      />
    </FormDrawer>
  );
}
