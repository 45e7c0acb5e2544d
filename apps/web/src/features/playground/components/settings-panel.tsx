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
  /** A video model is chosen: the chat's own settings do not apply. */
  videoMode: boolean;
}

/** Long group descriptions are cut so the select stays narrow. */
function shortDescription(text: string): string {
  return text.length > 20 ? `${text.slice(0, 20)}…` : text;
}

/**
 * The playground's side panel: group and model, then for chat the temperature, max tokens and
 * system prompt (a video's length and size are chosen beside its prompt).
 */
export function SettingsPanel(props: SettingsPanelProps) {
  const { settings, onChange, groups, models, loading, videoMode } = props;
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
          aria-label={t('settings.model')}
          value={settings.model || undefined}
          placeholder={t('settings.modelPlaceholder')}
          loading={loading}
          notFoundContent={t('settings.noModels')}
          onChange={(model: string) => onChange({ model })}
          options={models.map((model) => ({ value: model, label: model }))}
        />
      </Form.Item>
      {!videoMode && <ChatSettingsFields settings={settings} onChange={onChange} />}
    </Form>
  );
}

/** The settings only a chat uses. */
function ChatSettingsFields({
  settings,
  onChange,
}: Pick<SettingsPanelProps, 'settings' | 'onChange'>) {
  const { t } = useTranslation('playground');
  return (
    <>
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
    </>
  );
}
