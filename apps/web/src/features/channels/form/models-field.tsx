import { Button, Form, Input, Select, Space, type FormInstance } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/http-client';
import { copyWithFeedback } from '../../../lib/clipboard';
import { notify } from '../../../lib/notifier';
import { fetchChannelUpstreamModels, fetchUpstreamModels } from '../api';
import type { ChannelFormValues } from '../rules/form-values';
import { addCustomModels, mergeModels, relatedModels, uniqueNames } from '../rules/model-list';
import { ModelListPicker } from '../prefill-groups/model-list-picker';

interface ModelsFieldProps {
  form: FormInstance<ChannelFormValues>;
  /** The stored channel when editing (its key stays on the server). */
  channelId: number | null;
  catalogue: string[];
  defaults: Record<string, string[]>;
}

/**
 * The model list: pick from the catalogue, fill the type's models or all of them, fetch what the
 * upstream lists, clear, copy, insert or save a saved list, and add custom names (duplicates are
 * refused).
 */
export function ModelsField({ form, channelId, catalogue, defaults }: ModelsFieldProps) {
  const { t } = useTranslation('channels');
  const [customModel, setCustomModel] = useState('');
  const [fetching, setFetching] = useState(false);
  const type = Form.useWatch('type', form) ?? 1;
  const models: string[] = Form.useWatch('models', form) ?? [];

  const options = useMemo(
    () =>
      uniqueNames([...models, ...relatedModels(type, defaults), ...catalogue]).map((model) => ({
        label: model,
        value: model,
      })),
    [models, type, defaults, catalogue],
  );

  const setModels = (next: string[]) => form.setFieldValue('models', uniqueNames(next));

  const fetchFromUpstream = async () => {
    let fetched: string[];
    setFetching(true);
    try {
      if (channelId !== null) {
        fetched = await fetchChannelUpstreamModels(channelId);
      } else {
        const key = String(form.getFieldValue('key') ?? '').trim();
        if (key === '') {
          notify.error(t('form.messages.keyRequiredForFetch'));
          return;
        }
        fetched = await fetchUpstreamModels({
          base_url: String(form.getFieldValue('base_url') ?? '').trim(),
          type,
          key,
        });
      }
    } catch (error) {
      // The server's message already starts with "failed to fetch the model list" and says why.
      notify.error(
        error instanceof ApiError && error.kind === 'rejected'
          ? error.message
          : t('form.messages.fetchModelsFailed'),
      );
      return;
    } finally {
      setFetching(false);
    }
    setModels(mergeModels(models, fetched));
    notify.success(t('form.messages.fetchModelsSuccess'));
  };

  const addCustom = () => {
    if (customModel.trim() === '') return;
    const result = addCustomModels(models, customModel);
    if (result.duplicates.length > 0) {
      notify.error(
        result.duplicates.length === 1 && !customModel.includes(',')
          ? t('form.messages.modelExists')
          : t('form.messages.modelsExist'),
      );
      return;
    }
    setModels(result.models);
    setCustomModel('');
  };

  return (
    <Form.Item
      label={t('form.models')}
      required
      extra={models.length > 0 ? t('form.modelsCount', { count: models.length }) : undefined}
    >
      <Form.Item name="models" noStyle>
        <Select
          mode="multiple"
          allowClear
          showSearch
          placeholder={t('form.modelsPlaceholder')}
          aria-label={t('form.models')}
          options={options}
          notFoundContent={t('form.messages.noModels')}
        />
      </Form.Item>
      <Space wrap size={6} style={{ marginTop: 8 }}>
        <Button
          size="small"
          type="primary"
          onClick={() => setModels(relatedModels(type, defaults))}
        >
          {t('form.fillRelated')}
        </Button>
        <Button size="small" type="primary" ghost onClick={() => setModels(catalogue)}>
          {t('form.fillAll')}
        </Button>
        <Button size="small" loading={fetching} onClick={() => void fetchFromUpstream()}>
          {t('form.fetchUpstream')}
        </Button>
        <Button size="small" danger onClick={() => setModels([])}>
          {t('form.clearModels')}
        </Button>
        <Button
          size="small"
          disabled={models.length === 0}
          onClick={() =>
            void copyWithFeedback(
              models.join(','),
              t('form.messages.modelsCopied', { count: models.length }),
            )
          }
        >
          {t('form.copyModels')}
        </Button>
        <ModelListPicker
          models={models}
          onInsert={(added) => setModels(mergeModels(models, added))}
        />
      </Space>
      <Space.Compact style={{ width: '100%', marginTop: 8 }}>
        <Input
          value={customModel}
          placeholder={t('form.customModel')}
          aria-label={t('form.customModel')}
          onChange={(event) => setCustomModel(event.target.value)}
          onPressEnter={(event) => {
            event.preventDefault();
            addCustom();
          }}
        />
        <Button type="primary" onClick={addCustom}>
          {t('form.customModelAdd')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
