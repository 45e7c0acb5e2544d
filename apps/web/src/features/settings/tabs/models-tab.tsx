import type { OptionValues } from '../api';
import { OptionSection } from '../components/option-section';
import type { FieldSpec } from '../field-spec';

const globalFields: FieldSpec[] = [
  {
    key: 'global.pass_through_request_enabled',
    kind: 'switch',
    label: 'models.global.passThrough',
    hint: 'models.global.passThroughHint',
  },
];

const geminiFields: FieldSpec[] = [
  {
    key: 'gemini.thinking_adapter_enabled',
    kind: 'switch',
    label: 'models.gemini.thinkingAdapter',
    hint: 'models.gemini.thinkingAdapterHint',
  },
  {
    key: 'gemini.thinking_adapter_budget_tokens_percentage',
    kind: 'number',
    label: 'models.thinkingBudget',
    hint: 'models.thinkingBudgetHint',
    min: 0.1,
    max: 1,
    step: 0.1,
  },
  {
    key: 'gemini.safety_settings',
    kind: 'json',
    label: 'models.gemini.safety',
    hint: 'models.gemini.safetyHint',
  },
  {
    key: 'gemini.version_settings',
    kind: 'json',
    label: 'models.gemini.version',
    hint: 'models.gemini.versionHint',
  },
  {
    key: 'gemini.supported_imagine_models',
    kind: 'json',
    label: 'models.gemini.imagine',
    hint: 'models.gemini.imagineHint',
  },
];

const claudeFields: FieldSpec[] = [
  {
    key: 'claude.thinking_adapter_enabled',
    kind: 'switch',
    label: 'models.claude.thinkingAdapter',
    hint: 'models.claude.thinkingAdapterHint',
  },
  {
    key: 'claude.thinking_adapter_budget_tokens_percentage',
    kind: 'number',
    label: 'models.thinkingBudget',
    hint: 'models.thinkingBudgetHint',
    min: 0.1,
    max: 1,
    step: 0.1,
  },
  {
    key: 'claude.default_max_tokens',
    kind: 'json',
    label: 'models.claude.maxTokens',
    hint: 'models.claude.maxTokensHint',
  },
  {
    key: 'claude.model_headers_settings',
    kind: 'json',
    label: 'models.claude.headers',
    hint: 'models.claude.headersHint',
  },
];

/** Provider-specific settings: pass-through, Gemini and Claude. */
export function ModelsTab({ options }: { options: OptionValues }) {
  return (
    <div className="tg-settings-stack">
      <OptionSection title="models.global.title" fields={globalFields} options={options} />
      <OptionSection title="models.gemini.title" fields={geminiFields} options={options} />
      <OptionSection title="models.claude.title" fields={claudeFields} options={options} />
    </div>
  );
}
