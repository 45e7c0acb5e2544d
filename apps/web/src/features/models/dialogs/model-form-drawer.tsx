import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../../components/forms/form-drawer';
import { LoadingFormBody } from '../../../components/forms/loading-form-body';
import { notify } from '../../../lib/notifier';
import { onSuccessNotify } from '../../../lib/success-feedback';
import { ModelForm } from '../form/model-form';
import type { Vendor } from '../model-shapes';
import { useCreateModelMutation, useModelQuery, useUpdateModelMutation } from '../queries';
import {
  modelFormProblem,
  modelFormValues,
  modelPayload,
  type ModelFormValues,
} from '../rules/model-form-values';

/** What the drawer opens on: a new model (named already when it was a missing one), or a row. */
export type ModelDrawerTarget = { mode: 'add'; name: string } | { mode: 'edit'; id: number };

interface ModelFormDrawerProps {
  target: ModelDrawerTarget | null;
  vendors: readonly Vendor[];
  onClose: () => void;
}

/** Adds a model (from the left) or edits one (from the right) with every metadata field. */
export function ModelFormDrawer({ target, vendors, onClose }: ModelFormDrawerProps) {
  const { t } = useTranslation('models');
  const [form] = Form.useForm<ModelFormValues>();
  const editId = target?.mode === 'edit' ? target.id : null;
  const rowQuery = useModelQuery(editId);
  const createMutation = useCreateModelMutation();
  const updateMutation = useUpdateModelMutation();
  const initialValues =
    target === null
      ? null
      : target.mode === 'add'
        ? modelFormValues(null, target.name)
        : rowQuery.data
          ? modelFormValues(rowQuery.data)
          : null;

  const onSubmit = () => {
    if (!initialValues) return;
    const values: ModelFormValues = { ...initialValues, ...form.getFieldsValue() };
    const problem = modelFormProblem(values);
    if (problem) {
      notify.error(t(problem === 'name-required' ? 'form.nameRequired' : 'form.endpointsInvalid'));
      return;
    }
    if (editId === null) {
      createMutation.mutate(modelPayload(values), onSuccessNotify(t('form.created'), onClose));
    } else {
      updateMutation.mutate(
        { ...modelPayload(values), id: editId },
        onSuccessNotify(t('form.updated'), onClose),
      );
    }
  };

  return (
    <FormDrawer
      placement={target?.mode === 'edit' ? 'right' : 'left'}
      open={target !== null}
      onClose={onClose}
      title={t(target?.mode === 'edit' ? 'form.editTitle' : 'form.addTitle')}
      onSubmit={onSubmit}
      submitting={createMutation.isPending || updateMutation.isPending}
      submitDisabled={!initialValues}
    >
      <LoadingFormBody spinning={editId !== null && rowQuery.isFetching} row={initialValues}>
        {(values) => (
          <ModelForm form={form} initialValues={values} vendors={vendors} onSubmit={onSubmit} />
        )}
      </LoadingFormBody>
    </FormDrawer>
  );
}
