import type { OptionValues } from '../api';
import { SectionStack } from '../components/section-stack';
import { sectionFields, type SectionField } from '../field-spec';

/** Gemini and Claude adapt "thinking" alike: a switch, and the share of the tokens it may use. */
function thinkingFields(provider: 'gemini' | 'claude') {
  return sectionFields('models', [
    {
      key: `${provider}.thinking_adapter_enabled`,
      kind: 'switch',
      label: `${provider}.thinkingAdapter`,
      hint: true,
    },
    {
      key: `${provider}.thinking_adapter_budget_tokens_percentage`,
      kind: 'number',
      label: 'thinkingBudget',
      hint: true,
      min: 0.1,
      max: 1,
      step: 0.1,
    },
  ]);
}

/** A provider's section: its thinking fields, then `fields` (texts under `models.<provider>`). */
function providerSection(provider: 'gemini' | 'claude', fields: SectionField[]) {
  return {
    title: `models.${provider}.title`,
    fields: [...thinkingFields(provider), ...sectionFields(`models.${provider}`, fields)],
  };
}

/** Provider-specific settings: pass-through, Gemini and Claude. */
const sections = [
  {
    title: 'models.global.title',
    fields: sectionFields('models.global', [
      {
        key: 'global.pass_through_request_enabled',
        kind: 'switch',
        label: 'passThrough',
        hint: true,
      },
    ]),
  },
  providerSection('gemini', [
    { key: 'gemini.safety_settings', kind: 'json', label: 'safety', hint: true },
    { key: 'gemini.version_settings', kind: 'json', label: 'version', hint: true },
    { key: 'gemini.supported_imagine_models', kind: 'json', label: 'imagine', hint: true },
  ]),
  providerSection('claude', [
    { key: 'claude.default_max_tokens', kind: 'json', label: 'maxTokens', hint: true },
    { key: 'claude.model_headers_settings', kind: 'json', label: 'headers', hint: true },
  ]),
];

export function ModelsTab({ options }: { options: OptionValues }) {
  return <SectionStack sections={sections} options={options} />;
}
