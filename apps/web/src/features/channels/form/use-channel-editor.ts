import { Form } from 'antd';
import { useMemo } from 'react';
import { useChannelQuery } from '../queries';
import { formValuesOf, newChannelValues, type ChannelFormValues } from '../rules/form-values';
import { useChannelFormSubmit } from './use-channel-form-submit';

/**
 * State of one add or edit session: the form, its starting values (the defaults, or the stored
 * channel once loaded) and the submit action. `formKey` changes when fresh data arrives so that
 * the form starts over.
 */
export function useChannelEditor(channelId: number | null, onSaved: () => void) {
  const [form] = Form.useForm<ChannelFormValues>();
  const channelQuery = useChannelQuery(channelId);
  const { submit, pending } = useChannelFormSubmit({ form, channelId, onSaved });
  const channel = channelQuery.data;

  const initialValues = useMemo<ChannelFormValues | null>(() => {
    if (channelId === null) return { ...newChannelValues, groups: [...newChannelValues.groups] };
    return channel ? formValuesOf(channel) : null;
  }, [channelId, channel]);

  return {
    form,
    channel,
    initialValues,
    formKey: channelId === null ? 'new' : `${channelId}-${channelQuery.dataUpdatedAt}`,
    loading: channelQuery.isFetching,
    failed: channelQuery.isError,
    submit,
    pending,
  };
}
