import { useQuery } from '@tanstack/react-query';
import type { ChannelTagRow } from '@tollgate/contracts';
import { Alert, Form, Input, Select } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/forms/form-dialog';
import { notify } from '../../../lib/notifier';
import { onSuccessNotify } from '../../../lib/success-feedback';
import { useDrawerWidth } from '../../../lib/use-is-mobile';
import { modelMappingExample } from '../form/json-templates';
import { longestModelList, splitList } from '../rules/model-list';
import { tagEditOutcome, type TagEditValues } from '../rules/tag-edit';
import { useEditTagMutation, useGroupsQuery } from '../queries';
import { fetchTagModels } from './tag-models-api';

interface EditTagDialogProps {
  row: ChannelTagRow | null;
  onClose: () => void;
}

/** Edits every channel of a tag: new tag name, models, model mapping and groups. */
export function EditTagDialog({ row, onClose }: EditTagDialogProps) {
  const { t } = useTranslation('channels');
  const width = useDrawerWidth();
  const [form] = Form.useForm<TagEditValues>();
  const groupsQuery = useGroupsQuery();
  const mutation = useEditTagMutation();
  // The server's longest list among all of the tag's channels (not only those on this page).
  const tagModelsQuery = useQuery({
    queryKey: ['channels', 'tag-models', row?.tag],
    queryFn: () => fetchTagModels(row?.tag ?? ''),
    enabled: row !== null,
    gcTime: 0,
  });
  const initialModels = useMemo(() => {
    if (!row) return [];
    const fromServer = splitList(tagModelsQuery.data);
    return fromServer.length > 0
      ? fromServer
      : longestModelList(row.children.map((channel) => channel.models));
  }, [row, tagModelsQuery.data]);

  useEffect(() => {
    if (!row) return;
    form.setFieldsValue({ newTag: row.tag, models: initialModels, modelMapping: '', groups: [] });
  }, [row, initialModels, form]);

  const submit = () => {
    if (!row) return;
    const fields: Partial<TagEditValues> = form.getFieldsValue();
    const values: TagEditValues = {
      newTag: fields.newTag ?? '',
      models: fields.models ?? [],
      modelMapping: fields.modelMapping ?? '',
      groups: fields.groups ?? [],
    };
    const outcome = tagEditOutcome(row.tag, initialModels, values);
    if (outcome.kind === 'invalid-mapping') {
      notify.info(t('editTag.invalidMapping'));
      return;
    }
    if (outcome.kind === 'no-changes') {
      notify.warning(t('editTag.noChanges'));
      return;
    }
    mutation.mutate(outcome.request, onSuccessNotify(t('editTag.success'), onClose));
  };

  return (
    <FormDialog
      title={t('editTag.title', { tag: row?.tag ?? '' })}
      open={row !== null}
      width={Math.min(width, 640)}
      forceRender
      okText={t('common:submit')}
      submitting={mutation.isPending}
      onSubmit={submit}
      onCancel={onClose}
    >
      <Alert type="warning" showIcon title={t('editTag.notice')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical">
        <Form.Item name="newTag" label={t('editTag.newTag')}>
          <Input placeholder={t('editTag.newTagPlaceholder')} maxLength={191} />
        </Form.Item>
        <Form.Item name="models" label={t('editTag.models')} extra={t('editTag.modelsNotice')}>
          <Select
            mode="tags"
            allowClear
            placeholder={t('editTag.modelsPlaceholder')}
            tokenSeparators={[',']}
            maxTagCount="responsive"
          />
        </Form.Item>
        <Form.Item name="modelMapping" label={t('editTag.modelMapping')}>
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 8 }}
            placeholder={t('form.modelMappingPlaceholder', { example: modelMappingExample })}
          />
        </Form.Item>
        <Form.Item name="groups" label={t('editTag.groups')}>
          <Select
            mode="tags"
            allowClear
            placeholder={t('editTag.groupsPlaceholder')}
            options={(groupsQuery.data ?? []).map((group) => ({ label: group, value: group }))}
          />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
