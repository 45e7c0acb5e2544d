import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { MetaIcon } from '../../../components/meta-icon';
import type { Vendor } from '../model-shapes';
import { vendorFilterItems, type VendorFilter } from '../rules/vendor-filter';

interface VendorFilterBarProps {
  /** The list answer's `vendor_counts`. */
  counts: Record<string, number>;
  vendors: readonly Vendor[];
  value: VendorFilter;
  onChange: (vendor: VendorFilter) => void;
}

/** One button per vendor with models (and "all"), each with its count; the chosen one pressed. */
export function VendorFilterBar({ counts, vendors, value, onChange }: VendorFilterBarProps) {
  const { t } = useTranslation('models');
  const items = vendorFilterItems(counts, vendors, value);
  return (
    <Space size={[6, 6]} wrap role="group" aria-label={t('filter.label')}>
      {items.map((item) => {
        const label = item.key === 'all' ? t('filter.all') : item.name || t('filter.noVendor');
        return (
          <Button
            key={String(item.key)}
            size="small"
            type={item.key === value ? 'primary' : 'default'}
            aria-pressed={item.key === value}
            icon={
              item.key === 'all' ? undefined : <MetaIcon icon={item.icon} name={label} size={16} />
            }
            onClick={() => onChange(item.key)}
          >
            {label} ({item.count})
          </Button>
        );
      })}
    </Space>
  );
}
