import { type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifier';
import { useCreateChannelMutation, useUpdateChannelMutation } from '../queries';
import { endsWithV1 } from '../rules/base-url';
import { baseUrlFieldOf } from '../rules/channel-types';
import { createRequestOf, updateRequestOf } from '../rules/key-modes';
import {
  channelFieldsOf,
  channelFormProblem,
  newChannelValues,
  type ChannelFormValues,
} from '../rules/form-values';
import { useConfirm } from '../../../lib/use-confirm';

interface SubmitOptions {
  form: FormInstance<ChannelFormValues>;
  channelId: number | null;
  onSaved: () => void;
}

/**
 * Checks the form (spec part 2 §5), asks before saving an address that ends in `/v1`, then
 * creates (one channel, one per key line, or one multi-key channel) or updates the channel.
 */
export function useChannelFormSubmit({ form, channelId, onSaved }: SubmitOptions) {
  const { t } = useTranslation('channels');
  const confirm = useConfirm();
  const createMutation = useCreateChannelMutation();
  const updateMutation = useUpdateChannelMutation();
  const isEdit = channelId !== null;

  const confirmV1 = () =>
    new Promise<boolean>((resolve) => {
      confirm({
        title: t('form.v1Warning.title'),
        content: t('form.v1Warning.content'),
        okText: t('form.v1Warning.ok'),
        cancelText: t('form.v1Warning.cancel'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });

  const submit = async () => {
    // `true`: also the values of fields not shown for the current type.
    const values: ChannelFormValues = { ...newChannelValues, ...form.getFieldsValue(true) };
    const problem = channelFormProblem(values, isEdit);
    if (problem) {
      const text = t(problem.message);
      form.setFields([{ name: problem.field, errors: [text] }]);
      form.scrollToField(problem.field, { behavior: 'smooth', block: 'center' });
      notify.error(text);
      return;
    }
    if (baseUrlFieldOf(values.type) !== 'none' && endsWithV1(values.base_url)) {
      if (!(await confirmV1())) return;
    }
    const fields = channelFieldsOf(values, isEdit);
    if (channelId !== null) {
      updateMutation.mutate(updateRequestOf(values, channelId, fields), {
        onSuccess: () => {
          notify.success(t('form.messages.updated'));
          onSaved();
        },
      });
      return;
    }
    createMutation.mutate(createRequestOf(values, fields), {
      onSuccess: () => {
        notify.success(t('form.messages.created'));
        onSaved();
      },
    });
  };

  return {
    submit: () => void submit(),
    pending: createMutation.isPending || updateMutation.isPending,
  };
}
