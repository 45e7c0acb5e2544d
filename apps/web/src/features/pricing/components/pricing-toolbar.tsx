import { CopyOutlined } from '@ant-design/icons';
import { Button, Select, Space, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatRatio, type Currency } from '../price-display';
import { ModelSearchInput } from './model-search-input';

export interface PricingViewOptions {
  showRatio: boolean;
  withTopUpPrice: boolean;
  currency: Currency;
}

interface PricingToolbarProps {
  view: PricingViewOptions;
  onViewChange: (view: PricingViewOptions) => void;
  onSearch: (query: string) => void;
  selectedCount: number;
  onCopySelected: () => void;
  /** The top-up price switch is offered only when online top-up is enabled. */
  topUpEnabled: boolean;
  viewedGroup: string;
  viewedRatio: number;
}

/** Search, copy-selected, the ratio switch and the top-up price display. */
export function PricingToolbar(props: PricingToolbarProps) {
  const { t } = useTranslation('pricing');
  const { view, onViewChange } = props;

  return (
    <Space wrap size={[16, 12]} style={{ margin: '16px 0' }}>
      <ModelSearchInput onSearch={props.onSearch} />
      <Button
        icon={<CopyOutlined />}
        disabled={props.selectedCount === 0}
        onClick={props.onCopySelected}
      >
        {t('copySelected', { count: props.selectedCount })}
      </Button>
      <Space size={8}>
        <Switch
          checked={view.showRatio}
          onChange={(showRatio) => onViewChange({ ...view, showRatio })}
          aria-label={t('showRatio')}
        />
        <Typography.Text>{t('showRatio')}</Typography.Text>
      </Space>
      {props.topUpEnabled && (
        <Space size={8}>
          <Switch
            checked={view.withTopUpPrice}
            onChange={(withTopUpPrice) => onViewChange({ ...view, withTopUpPrice })}
            aria-label={t('topUpPrice')}
          />
          <Typography.Text>{t('topUpPrice')}</Typography.Text>
          <Select<Currency>
            size="small"
            value={view.currency}
            disabled={!view.withTopUpPrice}
            style={{ width: 80 }}
            options={[
              { value: 'USD', label: 'USD' },
              { value: 'CNY', label: 'CNY' },
            ]}
            onChange={(currency) => onViewChange({ ...view, currency })}
          />
        </Space>
      )}
      <Tag color="blue">
        {t('viewedGroup', { group: props.viewedGroup, ratio: formatRatio(props.viewedRatio) })}
      </Tag>
    </Space>
  );
}
