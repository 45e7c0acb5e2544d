import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../../components/forms/form-drawer';
import { LoadingFormBody } from '../../../components/forms/loading-form-body';
import { clearChangedFieldErrors } from '../../../lib/clear-field-errors';
import { showFieldProblem } from '../../../lib/field-problem';
import { onSuccessNotify } from '../../../lib/success-feedback';
import { readQuotaDisplay } from '../../../lib/quota-format';
import { useSelfQuery } from '../../../session/self-user';
import { useStatus } from '../../../status/status-store';
import {
  useCreateTokensMutation,
  useTokenQuery,
  useUpdateTokenMutation,
  useUserGroupsQuery,
  useUserModelsQuery,
} from '../queries';
import { anyLimitText } from '../../../lib/usage-limits';
import { tokenGroupOptions } from '../rules/group-options';
import {
  newTokenFormValues,
  readTokenForm,
  tokenFormValuesOf,
  type TokenFormValues,
} from '../rules/token-form-values';
import { TokenFormFields } from './token-form-fields';

/** Which form is open: none, a new token, or the token with this id. */
export type TokenFormTarget = { mode: 'create' } | { mode: 'edit'; id: number } | null;

interface TokenFormDrawerProps {
  target: TokenFormTarget;
  onClose: () => void;
}

/** Creates tokens (from the left, as the reference console) or edits one (from the right). */
export function TokenFormDrawer({ target, onClose }: TokenFormDrawerProps) {
  const { t } = useTranslation('tokens');
  const status = useStatus();
  const [form] = Form.useForm<TokenFormValues>();
  const open = target !== null;
  const mode = target?.mode ?? 'create';
  const tokenQuery = useTokenQuery(target?.mode === 'edit' ? target.id : null);
  const modelsQuery = useUserModelsQuery(open);
  const groupsQuery = useUserGroupsQuery(open);
  // The user's own limits are the placeholders: what applies where the token sets none.
  const selfQuery = useSelfQuery();
  const createMutation = useCreateTokensMutation();
  const updateMutation = useUpdateTokenMutation();
  const defaultUseAutoGroup = status.default_use_auto_group ?? false;

  const initialValues =
    mode === 'create'
      ? newTokenFormValues(readQuotaDisplay().quotaPerUnit, defaultUseAutoGroup)
      : tokenQuery.data
        ? tokenFormValuesOf(tokenQuery.data)
        : null;

  const onSubmit = () => {
    const result = readTokenForm(
      form.getFieldsValue(true),
      mode,
      target?.mode === 'edit' ? tokenQuery.data?.limits : undefined,
    );
    if (!result.ok) {
      showFieldProblem(form, result.field, t(`form.errors.${result.problem}`));
      return;
    }
    if (target?.mode === 'edit') {
      updateMutation.mutate(
        { id: target.id, fields: result.fields },
        onSuccessNotify(t('form.updated'), onClose),
      );
      return;
    }
    createMutation.mutate(
      { fields: result.fields, count: result.count },
      onSuccessNotify(t('form.created'), onClose),
    );
  };

  return (
    <FormDrawer
      placement={mode === 'create' ? 'left' : 'right'}
      open={open}
      onClose={onClose}
      title={mode === 'create' ? t('form.createTitle') : t('form.editTitle')}
      onSubmit={onSubmit}
      submitting={createMutation.isPending || updateMutation.isPending}
      submitDisabled={initialValues === null}
    >
      <LoadingFormBody spinning={mode === 'edit' && tokenQuery.isFetching} row={initialValues}>
        {(initialValues) => (
          <Form<TokenFormValues>
            key={target?.mode === 'edit' ? target.id : 'create'}
            form={form}
            // The form instance outlives the drawer's content: without this, the values of the
            // last form shown would win over the initial values of the next one.
            clearOnDestroy
            layout="vertical"
            initialValues={initialValues}
            onValuesChange={clearChangedFieldErrors(form)}
          >
            <TokenFormFields
              form={form}
              mode={mode}
              models={modelsQuery.data ?? []}
              modelsLoading={modelsQuery.isPending}
              groups={tokenGroupOptions(groupsQuery.data ?? [], defaultUseAutoGroup)}
              groupsLoading={groupsQuery.isPending}
              userLimits={selfQuery.data?.limits}
              limitsOpen={anyLimitText(initialValues.limits)}
            />
          </Form>
        )}
      </LoadingFormBody>
    </FormDrawer>
  );
}
