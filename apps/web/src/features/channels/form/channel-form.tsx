import { Checkbox, Divider, Form, Input, InputNumber, Select, type FormInstance } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { clearChangedFieldErrors } from '../../../lib/clear-field-errors';
import { useChannelTypeName } from '../components/channel-tags';
import { useGroupsQuery, useModelCatalogueQueries } from '../queries';
import { pickableChannelTypes } from '../rules/channel-types';
import type { ChannelFormValues } from '../rules/form-values';
import { relatedModels } from '../rules/model-list';
import { minimumPriority } from '../rules/numbers';
import { ChannelLimitsFields } from './channel-limits-fields';
import { ConnectionFields } from './connection-fields';
import {
  modelMappingExample,
  paramOverrideExample,
  settingExample,
  settingTemplate,
  statusCodeMappingExample,
} from './json-templates';
import { JsonTextField } from './json-text-field';
import { TagInput } from '../prefill-groups/tag-input';
import { ModelsField } from './models-field';
import { TypeNotice } from './type-notices';

interface ChannelFormProps {
  form: FormInstance<ChannelFormValues>;
  initialValues: ChannelFormValues;
  /** The stored channel's id when editing, null when creating. */
  channelId: number | null;
  onSubmit: () => void;
}

/** Every field of a channel, grouped in sections; type-specific fields follow the type. */
export function ChannelForm({ form, initialValues, channelId, onSubmit }: ChannelFormProps) {
  const { t } = useTranslation('channels');
  const typeName = useChannelTypeName();
  const isEdit = channelId !== null;
  const groupsQuery = useGroupsQuery();
  const { all, defaults } = useModelCatalogueQueries(true);
  const type: number = Form.useWatch('type', form) ?? initialValues.type;
  const defaultModels = defaults.data;
  // The list last filled in automatically, to tell it apart from a list chosen by hand.
  const autoFilled = useRef<string[] | null>(null);

  // A new channel starts with its type's models; switching the type swaps them as long as the
  // list is still the automatic one (or empty), so hand-picked models are never lost.
  useEffect(() => {
    if (isEdit || !defaultModels) return;
    const current: string[] = form.getFieldValue('models') ?? [];
    const untouched =
      current.length === 0 ||
      (autoFilled.current !== null && current.join(',') === autoFilled.current.join(','));
    if (!untouched) return;
    const related = relatedModels(type, defaultModels);
    autoFilled.current = related;
    form.setFieldValue('models', related);
  }, [isEdit, type, defaultModels, form]);

  const groups = groupsQuery.data ?? [];
  const groupOptions = [...new Set([...groups, ...(initialValues.groups ?? [])])].map((group) => ({
    label: group,
    value: group,
  }));
  // The JSON fields at the end of the form: texts under `form.<key>` (and `<key>Placeholder`),
  // the example doubling as the template unless another is given.
  const advancedJsonField = (
    name: 'status_code_mapping' | 'setting' | 'param_override',
    key: string,
    example: string,
    { tooltip, template = example }: { tooltip?: string; template?: string } = {},
  ) => (
    <JsonTextField
      form={form}
      name={name}
      label={t(`form.${key}`)}
      tooltip={tooltip === undefined ? undefined : t(tooltip)}
      placeholder={t(`form.${key}Placeholder`, { example })}
      template={template}
    />
  );

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onValuesChange={clearChangedFieldErrors(form)}
      onFinish={onSubmit}
      autoComplete="off"
    >
      <Divider titlePlacement="start" style={{ marginTop: 0 }}>
        {t('form.sections.basic')}
      </Divider>
      <Form.Item name="type" label={t('form.type')} required>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('form.typePlaceholder')}
          options={pickableChannelTypes(isEdit ? initialValues.type : undefined).map((option) => ({
            value: option.id,
            label: typeName(option.id),
          }))}
        />
      </Form.Item>
      <TypeNotice type={type} />
      <Form.Item name="name" label={t('form.name')} required={!isEdit}>
        <Input placeholder={t('form.namePlaceholder')} maxLength={191} />
      </Form.Item>

      <Divider titlePlacement="start">{t('form.sections.api')}</Divider>
      <ConnectionFields form={form} isEdit={isEdit} channelId={channelId} />

      <Divider titlePlacement="start">{t('form.sections.models')}</Divider>
      <ModelsField
        form={form}
        channelId={channelId}
        catalogue={all.data ?? []}
        defaults={defaultModels ?? {}}
      />
      <JsonTextField
        form={form}
        name="model_mapping"
        label={t('form.modelMapping')}
        placeholder={t('form.modelMappingPlaceholder', { example: modelMappingExample })}
        template={modelMappingExample}
      />
      <Form.Item name="test_model" label={t('form.testModel')}>
        <Input placeholder={t('form.testModelPlaceholder')} />
      </Form.Item>

      <Divider titlePlacement="start">{t('form.sections.advanced')}</Divider>
      <Form.Item name="groups" label={t('form.groups')} extra={t('form.groupsHint')}>
        <Select
          mode="multiple"
          allowClear
          placeholder={t('form.groupsPlaceholder')}
          loading={groupsQuery.isPending}
          options={groupOptions}
        />
      </Form.Item>
      <Form.Item name="tag" label={t('form.tag')}>
        <TagInput placeholder={t('form.tagPlaceholder')} />
      </Form.Item>
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
        <Form.Item
          name="priority"
          label={t('form.priority')}
          tooltip={t('form.priorityHint')}
          style={{ flex: '1 1 160px' }}
        >
          <InputNumber<number> style={{ width: '100%' }} precision={0} min={minimumPriority} />
        </Form.Item>
        <Form.Item
          name="weight"
          label={t('form.weight')}
          tooltip={t('form.weightHint')}
          style={{ flex: '1 1 160px' }}
        >
          <InputNumber<number> style={{ width: '100%' }} precision={0} min={0} />
        </Form.Item>
      </div>
      <Form.Item name="auto_ban" valuePropName="checked" extra={t('form.autoBanHint')}>
        <Checkbox>{t('form.autoBan')}</Checkbox>
      </Form.Item>
      {advancedJsonField('status_code_mapping', 'statusCodeMapping', statusCodeMappingExample, {
        tooltip: 'form.statusCodeMappingHint',
      })}
      <ChannelLimitsFields form={form} />
      {advancedJsonField('setting', 'setting', settingExample, {
        tooltip: 'form.settingHelp',
        template: settingTemplate,
      })}
      {advancedJsonField('param_override', 'paramOverride', paramOverrideExample)}
      <button type="submit" hidden />
    </Form>
  );
}
