import { Button, Divider, Form, Input, InputNumber, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingFormBody } from '../../../components/forms/loading-form-body';
import { LimitFields } from '../../../components/usage-limits/limit-fields';
import { clearChangedFieldErrors } from '../../../lib/clear-field-errors';
import { quotaEquivalent } from '../../../lib/quota-format';
import { anyLimitText, limitTextsOf } from '../../../lib/usage-limits';
import { isRoot, useStoredUser } from '../../../session/stored-user';
import { UserSubscriptionsPanel } from '../../subscriptions';
import { fetchUser, type ManagedUser } from '../api';
import { AddQuotaDialog } from '../dialogs/add-quota-dialog';
import { useGroupLimitsQuery, useGroupsQuery } from '../queries';
import { minimumPasswordLength, type EditUserFormState } from './use-edit-user-form';
import { UserBindings } from './user-bindings';

/**
 * The fields of the edit-user form: username, password, display name, group, quota with the
 * add-quota helper, limits, the bindings (read-only, each with an unbind button) and the user's
 * subscriptions (saved on their own, not by the form). Its holder (drawer or page) draws the
 * save and cancel buttons and calls `editor.submit`.
 */
export function EditUserForm({ editor }: { editor: EditUserFormState }) {
  const { t } = useTranslation('users');
  const { form, userId, userQuery } = editor;
  const [addQuotaOpen, setAddQuotaOpen] = useState(false);
  // The user as read again after an unbind: only the bindings show it. Refetching the query
  // instead would redraw the form from the new row, losing the admin's unsaved edits (and the
  // redrawn form's values, cleared by the old one's clearOnDestroy).
  const [rebound, setRebound] = useState<ManagedUser>();
  const groupsQuery = useGroupsQuery(userId !== null);
  // The group defaults live in the options, which only root may read.
  const viewerIsRoot = isRoot(useStoredUser());
  const groupLimitsQuery = useGroupLimitsQuery(userId !== null && viewerIsRoot);
  const quota = Form.useWatch('quota', form) ?? 0;
  const group = Form.useWatch('group', form);
  const limitTexts = Form.useWatch('limits', form);
  const equivalent = quotaEquivalent(quota);

  return (
    <>
      <LoadingFormBody spinning={userQuery.isFetching} row={userQuery.data}>
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
            <UserBindings
              user={rebound?.id === user.id ? rebound : user}
              onChanged={async () => setRebound(await fetchUser(user.id))}
            />
            <Divider>{t('subscriptions:user.title')}</Divider>
            <UserSubscriptionsPanel
              userId={user.id}
              // A plan with an upgrade group moves the user: the group field takes the group the
              // user has now, and the admin's other unsaved edits stay (a refetch would redraw
              // the form from the new row).
              onUserChanged={async () =>
                form.setFieldValue('group', (await fetchUser(user.id)).group)
              }
            />
          </Form>
        )}
      </LoadingFormBody>
      <AddQuotaDialog
        open={addQuotaOpen}
        currentQuota={Math.trunc(Number(quota))}
        onConfirm={(newQuota) => form.setFieldValue('quota', newQuota)}
        onClose={() => setAddQuotaOpen(false)}
      />
    </>
  );
}
