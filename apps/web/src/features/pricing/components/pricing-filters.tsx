import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { MetaIcon } from '../../../components/meta-icon';
import type { FilterChoice, MetadataChoices, MetadataFilters } from '../pricing-metadata';

interface PricingFiltersProps {
  choices: MetadataChoices;
  value: MetadataFilters;
  onChange: (filters: MetadataFilters) => void;
}

function choiceOptions<Value extends string | number>(
  choices: FilterChoice<Value>[],
  withIcon: boolean,
) {
  return choices.map((choice) => ({
    value: choice.value,
    name: choice.label,
    label: (
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
        {withIcon && <MetaIcon icon={choice.icon} name={choice.label} size={16} />}
        {choice.label} ({choice.count})
      </span>
    ),
  }));
}

/**
 * Vendor, tag and endpoint-type filters, each offered only when the models have such metadata
 * (the page keeps its old look on a server without the catalogue: the caller hides the row).
 */
export function PricingFilters({ choices, value, onChange }: PricingFiltersProps) {
  const { t } = useTranslation('pricing');
  const select = {
    allowClear: true,
    showSearch: { optionFilterProp: 'name' },
    style: { width: 200, maxWidth: '100%' },
  } as const;
  return (
    <Space wrap size={[12, 12]} style={{ marginBottom: 16 }}>
      {choices.vendors.length > 0 && (
        <Select<number>
          {...select}
          aria-label={t('filters.vendor')}
          placeholder={t('filters.allVendors')}
          value={value.vendor ?? undefined}
          options={choiceOptions(choices.vendors, true)}
          onChange={(vendor) => onChange({ ...value, vendor: vendor ?? null })}
        />
      )}
      {choices.tags.length > 0 && (
        <Select<string>
          {...select}
          aria-label={t('filters.tag')}
          placeholder={t('filters.allTags')}
          value={value.tag ?? undefined}
          options={choiceOptions(choices.tags, false)}
          onChange={(tag) => onChange({ ...value, tag: tag ?? null })}
        />
      )}
      {choices.endpoints.length > 0 && (
        <Select<string>
          {...select}
          aria-label={t('filters.endpoint')}
          placeholder={t('filters.allEndpoints')}
          value={value.endpoint ?? undefined}
          options={choiceOptions(choices.endpoints, false)}
          onChange={(endpoint) => onChange({ ...value, endpoint: endpoint ?? null })}
        />
      )}
    </Space>
  );
}
