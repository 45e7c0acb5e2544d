import { QuestionCircleOutlined } from '@ant-design/icons';
import { Space, Tooltip, type TableColumnType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PricingEntry } from '../api';
import type { PriceDisplay } from '../price-display';
import {
  AvailabilityIcon,
  BillingTypeTag,
  GroupTags,
  ModelNameTag,
  PriceLines,
  RatioLines,
} from './pricing-cells';

interface PricingColumnsOptions {
  viewedGroup: string;
  groupRatio: Record<string, number>;
  usableGroups: Record<string, string>;
  showRatio: boolean;
  priceDisplay: PriceDisplay;
  onViewGroup: (group: string) => void;
  /** Narrow screens: availability, billing type and groups fold into the model column. */
  compact: boolean;
}

const byText = (left: string, right: string) => (left < right ? -1 : left > right ? 1 : 0);

/** Columns of the pricing table: availability, name, billing type, groups, ratios, price. */
export function usePricingColumns(options: PricingColumnsOptions): TableColumnType<PricingEntry>[] {
  const { t } = useTranslation('pricing');
  const { viewedGroup, groupRatio, usableGroups, showRatio, priceDisplay, onViewGroup, compact } =
    options;

  return useMemo(() => {
    const ratio = groupRatio[viewedGroup] ?? 1;
    const available = (entry: PricingEntry) => entry.enable_groups.includes(viewedGroup);
    const groupTags = (entry: PricingEntry) => (
      <GroupTags
        groups={entry.enable_groups}
        usableGroups={usableGroups}
        viewedGroup={viewedGroup}
        onViewGroup={onViewGroup}
      />
    );
    const modelSorter = (left: PricingEntry, right: PricingEntry) =>
      byText(left.model_name, right.model_name);

    const ratioColumn: TableColumnType<PricingEntry> = {
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
    const priceColumn: TableColumnType<PricingEntry> = {
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
              <Space size={6}>
                <AvailabilityIcon available={available(entry)} />
                <ModelNameTag name={entry.model_name} />
              </Space>
              <Space size={[4, 4]} wrap>
                <BillingTypeTag quotaType={entry.quota_type} />
                {groupTags(entry)}
              </Space>
              <PriceLines entry={entry} groupRatio={ratio} display={priceDisplay} />
              {showRatio && <RatioLines entry={entry} groupRatio={ratio} />}
            </Space>
          ),
        },
      ];
    }

    const columns: TableColumnType<PricingEntry>[] = [
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
        render: (_, entry) => <ModelNameTag name={entry.model_name} />,
      },
      {
        key: 'quota_type',
        title: t('columns.quotaType'),
        sorter: (left, right) => left.quota_type - right.quota_type,
        render: (_, entry) => <BillingTypeTag quotaType={entry.quota_type} />,
      },
      { key: 'enable_groups', title: t('columns.groups'), render: (_, entry) => groupTags(entry) },
    ];
    if (showRatio) columns.push(ratioColumn);
    columns.push(priceColumn);
    return columns;
  }, [t, viewedGroup, groupRatio, usableGroups, showRatio, priceDisplay, onViewGroup, compact]);
}
