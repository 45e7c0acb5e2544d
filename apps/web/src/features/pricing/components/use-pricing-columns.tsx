import { QuestionCircleOutlined } from '@ant-design/icons';
import { Space, Tooltip, type TableColumnType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PricingModel } from '../api';
import type { PricingVendor } from '../pricing-metadata';
import type { PriceDisplay } from '../price-display';
import {
  AvailabilityIcon,
  BillingTypeTag,
  GroupTags,
  ModelNameTag,
  PriceLines,
  RatioLines,
} from './pricing-cells';
import { VendorLabel } from './model-detail';

interface PricingColumnsOptions {
  viewedGroup: string;
  groupRatio: Record<string, number>;
  usableGroups: Record<string, string>;
  showRatio: boolean;
  priceDisplay: PriceDisplay;
  onViewGroup: (group: string) => void;
  /** Narrow screens: availability, billing type and groups fold into the model column. */
  compact: boolean;
  /** The catalogue's vendors: a model's vendor shows under its name (none without metadata). */
  vendors: readonly PricingVendor[];
}

const byText = (left: string, right: string) => (left < right ? -1 : left > right ? 1 : 0);

/** Columns of the pricing table: availability, name, billing type, groups, ratios, price. */
export function usePricingColumns(options: PricingColumnsOptions): TableColumnType<PricingModel>[] {
  const { t } = useTranslation('pricing');
  const {
    viewedGroup,
    groupRatio,
    usableGroups,
    showRatio,
    priceDisplay,
    onViewGroup,
    compact,
    vendors,
  } = options;

  return useMemo(() => {
    const ratio = groupRatio[viewedGroup] ?? 1;
    const available = (entry: PricingModel) => entry.enable_groups.includes(viewedGroup);
    const groupTags = (entry: PricingModel) => (
      <GroupTags
        groups={entry.enable_groups}
        usableGroups={usableGroups}
        viewedGroup={viewedGroup}
        onViewGroup={onViewGroup}
      />
    );
    const vendorOf = (entry: PricingModel) =>
      entry.meta && entry.meta.vendorId > 0
        ? vendors.find((vendor) => vendor.id === entry.meta?.vendorId)
        : undefined;
    const vendorLabel = (entry: PricingModel) => {
      const vendor = vendorOf(entry);
      return vendor ? <VendorLabel name={vendor.name} icon={vendor.icon} /> : null;
    };
    const modelSorter = (left: PricingModel, right: PricingModel) =>
      byText(left.model_name, right.model_name);

    const ratioColumn: TableColumnType<PricingModel> = {
      key: 'ratio',
      title: (
        <Space size={4}>
          {t('columns.ratio')}
          <Tooltip title={t('ratioHelp')}>
            <QuestionCircleOutlined />
          </Tooltip>
        </Space>
      ),
      render: (_, entry) => <RatioLines entry={entry} groupRatio={ratio} />,
    };
    const priceColumn: TableColumnType<PricingModel> = {
      key: 'price',
      title: t('columns.price'),
      render: (_, entry) => <PriceLines entry={entry} groupRatio={ratio} display={priceDisplay} />,
    };

    if (compact) {
      // One column: a phone has no room for a table, each model reads as a small card.
      return [
        {
          key: 'model_name',
          title: t('columns.model'),
          sorter: modelSorter,
          render: (_, entry) => (
            <Space orientation="vertical" size={6}>
              <Space size={6} wrap>
                <AvailabilityIcon available={available(entry)} />
                <ModelNameTag name={entry.model_name} />
                {vendorLabel(entry)}
              </Space>
              <Space size={[4, 4]} wrap>
                <BillingTypeTag entry={entry} />
                {groupTags(entry)}
              </Space>
              <PriceLines entry={entry} groupRatio={ratio} display={priceDisplay} />
              {showRatio && <RatioLines entry={entry} groupRatio={ratio} />}
            </Space>
          ),
        },
      ];
    }

    const columns: TableColumnType<PricingModel>[] = [
      {
        key: 'available',
        title: t('columns.available'),
        width: 90,
        align: 'center',
        sorter: (left, right) => Number(available(left)) - Number(available(right)),
        render: (_, entry) => <AvailabilityIcon available={available(entry)} />,
      },
      {
        key: 'model_name',
        title: t('columns.model'),
        sorter: modelSorter,
        render: (_, entry) => {
          const vendor = vendorLabel(entry);
          if (!vendor) return <ModelNameTag name={entry.model_name} />;
          return (
            <Space orientation="vertical" size={2}>
              <ModelNameTag name={entry.model_name} />
              {vendor}
            </Space>
          );
        },
      },
      {
        key: 'quota_type',
        title: t('columns.quotaType'),
        sorter: (left, right) => left.quota_type - right.quota_type,
        render: (_, entry) => <BillingTypeTag entry={entry} />,
      },
      { key: 'enable_groups', title: t('columns.groups'), render: (_, entry) => groupTags(entry) },
    ];
    if (showRatio) columns.push(ratioColumn);
    columns.push(priceColumn);
    return columns;
  }, [
    t,
    viewedGroup,
    groupRatio,
    usableGroups,
    showRatio,
    priceDisplay,
    onViewGroup,
    compact,
    vendors,
  ]);
}
