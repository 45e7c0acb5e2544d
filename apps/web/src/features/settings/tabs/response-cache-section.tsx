import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OptionValues } from '../api';
import { OptionSection } from '../components/option-section';
import { sectionFields } from '../field-spec';
import { responseCacheOptionsProblem, responseCacheSizeRange } from '../response-cache-options';

const responseCacheFields = sectionFields('responseCache', [
  { key: 'ResponseCacheEnabled', kind: 'switch', label: 'enabled', hint: true },
  {
    key: 'ResponseCacheMaxMB',
    kind: 'number',
    label: 'maxMB',
    hint: true,
    ...responseCacheSizeRange,
  },
  {
    key: 'ResponseCacheRules',
    kind: 'json',
    label: 'rules',
    hint: true,
    placeholder: 'responseCache.rulesPlaceholder',
  },
]);

/** The fields of one rule, in the order the help lists them (texts: `responseCache.fields.*`). */
const RULE_FIELDS = [
  'models',
  'groups',
  'token_ids',
  'ttl_seconds',
  'allow_temperature',
  'charge_ratio',
] as const;

/**
 * The example rule set (JSON, the same in every language): cheap models for everyone, kept an hour
 * and charged a tenth on a hit; then two tokens of the vip group, whatever their temperature, free.
 */
const EXAMPLE_RULES = `[
  {
    "models": ["gpt-4o-mini", "text-embedding-3-small"],
    "ttl_seconds": 3600,
    "allow_temperature": false,
    "charge_ratio": 0.1
  },
  {
    "groups": ["vip"],
    "token_ids": [12, 15],
    "ttl_seconds": 600,
    "allow_temperature": true,
    "charge_ratio": 0
  }
]`;

/** What each field of a rule means, and an example rule set. */
function RuleHelp() {
  const { t } = useTranslation('settings');
  return (
    <div className="tg-settings-tool">
      <div className="tg-settings-tool-label">{t('responseCache.fieldsTitle')}</div>
      <ul style={{ margin: '0 0 12px', paddingInlineStart: 20 }}>
        {RULE_FIELDS.map((field) => (
          <li key={field}>
            <Typography.Text code>{field}</Typography.Text> {t(`responseCache.fields.${field}`)}
          </li>
        ))}
      </ul>
      <div className="tg-settings-tool-label">{t('responseCache.example')}</div>
      <Typography.Paragraph>
        <pre>{EXAMPLE_RULES}</pre>
      </Typography.Paragraph>
      <p className="tg-settings-description">{t('responseCache.exampleNote')}</p>
    </div>
  );
}

/**
 * The exact response cache: on or off, its memory, and the rules that choose which calls are
 * cached (first match applies), checked in the console with the server's shape before saving.
 */
export function ResponseCacheSection({ options }: { options: OptionValues }) {
  return (
    <OptionSection
      title="responseCache.title"
      description="responseCache.description"
      fields={responseCacheFields}
      options={options}
      check={responseCacheOptionsProblem}
    >
      <RuleHelp />
    </OptionSection>
  );
}
