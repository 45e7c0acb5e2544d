import { Form, Input, Select, Slider, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GroupOption } from '../api';
import type { ChatSettings } from '../chat-messages';

interface SettingsPanelProps {
  settings: ChatSettings;
  onChange: (change: Partial<ChatSettings>) => void;
  groups: GroupOption[];
  models: string[];
  loading: boolean;
}

/** Long group descriptions are cut so the select stays narrow. */
function shortDescription(text: string): string {
  return text.length > 20 ? `${text.slice(0, 20)}…` : text;
}

/** The playground's side panel: group, model, temperature, max tokens and system prompt. */
export function SettingsPanel({ settings, onChange, groups, models, loading }: SettingsPanelProps) {
  const { t } = useTranslation('playground');
  return (
    <Form layout="vertical" className="tg-playground-form">
      <Form.Item label={t('settings.group')}>
        <Select
          value={settings.group}
          loading={loading}
          onChange={(group: string) => onChange({ group })}
          options={groups.map((option) => ({
            value: option.group,
            title: option.desc,
            label: (
              <span>
                {shortDescription(option.desc)}{' '}
                <Tag style={{ marginInlineStart: 4 }}>
                  {t('settings.ratio', { ratio: option.ratio })}
                </Tag>
              </span>
            ),
          }))}
        />
      </Form.Item>
      <Form.Item label={t('settings.model')}>
        <Select
          showSearch
          value={settings.model || undefined}
          placeholder={t('settings.modelPlaceholder')}
          loading={loading}
          notFoundContent={t('settings.noModels')}
          onChange={(model: string) => onChange({ model })}
          options={models.map((model) => ({ value: model, label: model }))}
        />
      </Form.Item>
      <Form.Item label={t('settings.temperature', { value: settings.temperature })}>
        <Slider
          min={0.1}
          max={1}
          step={0.1}
          value={settings.temperature}
          onChange={(temperature: number) => onChange({ temperature })}
        />
      </Form.Item>
      <Form.Item label={t('settings.maxTokens')} extra={t('settings.maxTokensHint')}>
        <Input
          inputMode="numeric"
          value={settings.maxTokens}
          onChange={(event) => onChange({ maxTokens: event.target.value })}
        />
      </Form.Item>
      <Form.Item label={t('settings.systemPrompt')}>
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 10 }}
          value={settings.systemPrompt}
          placeholder={t('settings.systemPromptPlaceholder')}
          onChange={(event) => onChange({ systemPrompt: event.target.value })}
        />
      </Form.Item>
    </Form>
  );
}
