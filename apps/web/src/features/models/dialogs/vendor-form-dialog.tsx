import { Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/forms/form-dialog';
import { LoadingFormBody } from '../../../components/forms/loading-form-body';
import { MetaIcon } from '../../../components/meta-icon';
import { notify } from '../../../lib/notifier';
import { onSuccessNotify } from '../../../lib/success-feedback';
import type { Vendor } from '../model-shapes';
import { useCreateVendorMutation, useUpdateVendorMutation, useVendorQuery } from '../queries';

export type VendorDialogTarget = { mode: 'add' } | { mode: 'edit'; id: number };

interface VendorFormValues {
  name: string;
  description: string;
  icon: string;
  enabled: boolean;
}

function vendorFormValues(vendor: Vendor | null): VendorFormValues {
  return {
    name: vendor?.name ?? '',
    description: vendor?.description ?? '',
    icon: vendor?.icon ?? '',
    enabled: (vendor?.status ?? 1) === 1,
  };
}

/** Adds or edits a vendor: name, description, icon and status. */
export function VendorFormDialog({
  target,
  onClose,
}: {
  target: VendorDialogTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('models');
  const [form] = Form.useForm<VendorFormValues>();
  const editId = target?.mode === 'edit' ? target.id : null;
  const rowQuery = useVendorQuery(editId);
  const createMutation = useCreateVendorMutation();
  const updateMutation = useUpdateVendorMutation();
  const icon: string = Form.useWatch('icon', form) ?? '';
  const name: string = Form.useWatch('name', form) ?? '';
  const initialValues =
    target === null
      ? null
      : target.mode === 'add'
        ? vendorFormValues(null)
        : rowQuery.data
          ? vendorFormValues(rowQuery.data)
          : null;

  const onSubmit = () => {
    if (!initialValues) return;
    const values = { ...initialValues, ...form.getFieldsValue() };
    if (values.name.trim() === '') {
      notify.error(t('vendors.nameRequired'));
      return;
    }
    const payload = {
      name: values.name.trim(),
      description: values.description.trim(),
      icon: values.icon.trim(),
      status: values.enabled ? 1 : 0,
    };
    if (editId === null) {
      createMutation.mutate(payload, onSuccessNotify(t('vendors.created'), onClose));
    } else {
      updateMutation.mutate(
        { ...payload, id: editId },
        onSuccessNotify(t('vendors.updated'), onClose),
      );
    }
  };

  return (
    <FormDialog
      open={target !== null}
      title={t(editId === null ? 'vendors.addTitle' : 'vendors.editTitle')}
      submitting={createMutation.isPending || updateMutation.isPending}
      onSubmit={onSubmit}
      onCancel={onClose}
      destroyOnHidden
    >
      <LoadingFormBody spinning={editId !== null && rowQuery.isFetching} row={initialValues}>
        {(values) => (
          <Form form={form} layout="vertical" initialValues={values} onFinish={onSubmit}>
            <Form.Item name="name" label={t('vendors.fields.name')} required>
              <Input placeholder={t('vendors.fields.namePlaceholder')} autoComplete="off" />
            </Form.Item>
            <Form.Item name="description" label={t('vendors.fields.description')}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} />
            </Form.Item>
            <Form.Item name="icon" label={t('vendors.fields.icon')}>
              <Input
                placeholder={t('fields.iconPlaceholder')}
                prefix={<MetaIcon icon={icon} name={name} size={16} />}
                autoComplete="off"
              />
            </Form.Item>
            <Form.Item name="enabled" label={t('vendors.fields.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <button type="submit" hidden />
          </Form>
        )}
      </LoadingFormBody>
    </FormDialog>
  );
}
