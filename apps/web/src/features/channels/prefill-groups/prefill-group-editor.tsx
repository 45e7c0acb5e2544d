import {
  PREFILL_GROUP_DESCRIPTION_MAX_LENGTH,
  PREFILL_GROUP_NAME_MAX_LENGTH,
  PREFILL_GROUP_TYPES,
  type PrefillGroupType,
} from '@tollgate/contracts';
import { Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/forms/form-dialog';
import { onSuccessNotify } from '../../../lib/success-feedback';
import type { PrefillGroupInput } from './prefill-group-api';
import { useSavePrefillGroupMutation } from './prefill-group-queries';

/** What the editor opens on: a group to edit, or the start of a new one. */
export type PrefillGroupDraft = Omit<PrefillGroupInput, 'id'> & { id?: number };

interface PrefillGroupEditorProps {
  draft: PrefillGroupDraft | null;
  onClose: () => void;
}

/** Creates or edits one prefill group: name, type, items (typed or pasted, comma-separated). */
export function PrefillGroupEditor({ draft, onClose }: PrefillGroupEditorProps) {
  const { t } = useTranslation('channels');
  const [form] = Form.useForm<PrefillGroupDraft>();
  const mutation = useSavePrefillGroupMutation();

  useEffect(() => {
    if (draft) form.setFieldsValue(draft);
  }, [draft, form]);

  const submit = async () => {
    if (!draft) return;
    const values = await form.validateFields();
    mutation.mutate(
      { ...values, id: draft.id, items: values.items ?? [], description: values.description ?? '' },
      onSuccessNotify(t('prefill.saved'), onClose),
    );
  };

  return (
    <FormDialog
      title={draft?.id === undefined ? t('prefill.createTitle') : t('prefill.editTitle')}
      open={draft !== null}
      forceRender
      submitting={mutation.isPending}
      okText={t('common:submit')}
      onSubmit={() => void submit()}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" name="prefill-group-editor">
        <Form.Item
          name="name"
          label={t('prefill.name')}
          rules={[{ required: true, whitespace: true, message: t('prefill.nameRequired') }]}
        >
          <Input
            maxLength={PREFILL_GROUP_NAME_MAX_LENGTH}
            placeholder={t('prefill.namePlaceholder')}
          />
        </Form.Item>
        <Form.Item name="type" label={t('prefill.type')}>
          <Select<PrefillGroupType>
            options={PREFILL_GROUP_TYPES.map((type) => ({
              value: type,
              label: t(`prefill.types.${type}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="items" label={t('prefill.items')} extra={t('prefill.itemsHint')}>
          <Select
            mode="tags"
            allowClear
            tokenSeparators={[',', '\n']}
            maxTagCount="responsive"
            aria-label={t('prefill.items')}
            placeholder={t('prefill.itemsPlaceholder')}
          />
        </Form.Item>
        <Form.Item name="description" label={t('prefill.description')}>
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 4 }}
            maxLength={PREFILL_GROUP_DESCRIPTION_MAX_LENGTH}
          />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
