import {
  REDEMPTION_BATCH_MAX_COUNT,
  REDEMPTION_NAME_MAX_BYTES,
  REDEMPTION_STATUS,
} from '@tollgate/contracts';
import { Alert, Form, Input, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../../components/forms/form-drawer';
import { clearChangedFieldErrors } from '../../../lib/clear-field-errors';
import { showFieldProblem } from '../../../lib/field-problem';
import { notify } from '../../../lib/notifier';
import { onSuccessNotify } from '../../../lib/success-feedback';
import { quotaEquivalent } from '../../../lib/quota-format';
import {
  useCreateRedemptionsMutation,
  useRedemptionQuery,
  useUpdateRedemptionMutation,
} from '../queries';
import { nameByteLength } from '../rules/code-name';
import {
  newRedemptionFormValues,
  parseCodeQuota,
  readRedemptionForm,
  redemptionFormValuesOf,
  type RedemptionFormValues,
} from '../rules/redemption-form-values';
import type { CreatedCodes } from './created-codes-dialog';

/** Which form is open: none, new codes, or the code with this id. */
export type RedemptionFormTarget = { mode: 'create' } | { mode: 'edit'; id: number } | null;

interface RedemptionFormDrawerProps {
  target: RedemptionFormTarget;
  onClose: () => void;
  /** Called with the keys the server made, to offer them for download. */
  onCreated: (created: CreatedCodes) => void;
}

/** Creates codes (from the left, as the reference console) or edits an unused one (from the right). */
export function RedemptionFormDrawer({ target, onClose, onCreated }: RedemptionFormDrawerProps) {
  const { t } = useTranslation('redemptions');
  const [form] = Form.useForm<RedemptionFormValues>();
  const mode = target?.mode ?? 'create';
  const codeQuery = useRedemptionQuery(target?.mode === 'edit' ? target.id : null);
  const createMutation = useCreateRedemptionsMutation();
  const updateMutation = useUpdateRedemptionMutation();
  const quotaText = Form.useWatch('quota', form) ?? '';
  const equivalent = quotaEquivalent(parseCodeQuota(quotaText));

  const initialValues =
    mode === 'create'
      ? newRedemptionFormValues()
      : codeQuery.data
        ? redemptionFormValuesOf(codeQuery.data)
        : null;
  // The code may have been used or disabled since the list was loaded.
  const locked =
    mode === 'edit' &&
    codeQuery.data !== undefined &&
    codeQuery.data.status !== REDEMPTION_STATUS.unused;

  const onSubmit = () => {
    const result = readRedemptionForm(form.getFieldsValue(true), mode);
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
      {
        onSuccess: (keys) => {
          notify.success(t('form.created', { count: keys.length }));
          onClose();
          onCreated({ name: result.fields.name, keys });
        },
      },
    );
  };

  return (
    <FormDrawer
      placement={mode === 'create' ? 'left' : 'right'}
      open={target !== null}
      onClose={onClose}
      title={mode === 'create' ? t('form.createTitle') : t('form.editTitle')}
      onSubmit={onSubmit}
      submitting={createMutation.isPending || updateMutation.isPending}
      submitDisabled={initialValues === null || locked}
    >
      <Spin spinning={mode === 'edit' && codeQuery.isFetching}>
        {locked && (
          <Alert type="warning" showIcon title={t('form.locked')} style={{ marginBottom: 16 }} />
        )}
        {initialValues ? (
          <Form<RedemptionFormValues>
            key={target?.mode === 'edit' ? target.id : 'create'}
            form={form}
            // The form instance outlives the drawer's content: without this, the values of the
            // last form shown would win over the initial values of the next one.
            clearOnDestroy
            layout="vertical"
            initialValues={initialValues}
            onValuesChange={clearChangedFieldErrors(form)}
            onFinish={onSubmit}
          >
            <Form.Item
              name="name"
              label={t('form.name')}
              required={mode === 'edit'}
              extra={mode === 'create' ? t('form.nameHint') : undefined}
            >
              <Input
                placeholder={
                  mode === 'create' ? t('form.namePlaceholderCreate') : t('form.namePlaceholder')
                }
                autoComplete="off"
                disabled={locked}
                count={{
                  show: true,
                  max: REDEMPTION_NAME_MAX_BYTES,
                  strategy: (text) => nameByteLength(text.trim()),
                }}
              />
            </Form.Item>
            <Form.Item
              name="quota"
              label={t('form.quota')}
              required
              extra={
                equivalent === null ? undefined : t('form.quotaEquivalent', { amount: equivalent })
              }
            >
              <Input
                inputMode="numeric"
                placeholder={t('form.quotaPlaceholder')}
                autoComplete="off"
                disabled={locked}
              />
            </Form.Item>
            {mode === 'create' && (
              <Form.Item
                name="count"
                label={t('form.count')}
                required
                extra={t('form.countHint', { max: REDEMPTION_BATCH_MAX_COUNT })}
              >
                <Input
                  inputMode="numeric"
                  placeholder={t('form.countPlaceholder')}
                  autoComplete="off"
                />
              </Form.Item>
            )}
            <button type="submit" hidden />
          </Form>
        ) : (
          <div style={{ minHeight: 200 }} />
        )}
      </Spin>
    </FormDrawer>
  );
}
