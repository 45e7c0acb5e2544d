import { CheckCircleFilled, CheckOutlined, CloseCircleFilled } from '@ant-design/icons';
import { QUOTA_TYPE } from '@tollgate/contracts';
import { Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../../lib/clipboard';
import type { PricingEntry, PricingModel } from '../api';
import {
  completionPricePerMillion,
  displayPrice,
  formatRatio,
  isPricedPerSecond,
  perCallPrice,
  promptPricePerMillion,
  type PriceDisplay,
} from '../price-display';

/** Tag colours of model names: antd presets, which suit both themes (hash of the name). */
const modelColors = ['blue', 'cyan', 'geekblue', 'green', 'magenta', 'orange', 'purple', 'volcano'];

function modelColor(name: string): string {
  let sum = 0;
  for (let index = 0; index < name.length; index += 1) sum += name.charCodeAt(index);
  return modelColors[sum % modelColors.length];
}

/** Green check when the viewed group may use the model, red cross otherwise. */
export function AvailabilityIcon({ available }: { available: boolean }) {
  const { t } = useTranslation('pricing');
  return available ? (
    <Tooltip title={t('available.yes')}>
      <CheckCircleFilled
        style={{ color: '#52c41a', fontSize: 18 }}
        aria-label={t('available.yes')}
      />
    </Tooltip>
  ) : (
    <Tooltip title={t('available.no')}>
      <CloseCircleFilled
        style={{ color: '#ff4d4f', fontSize: 18 }}
        aria-label={t('available.no')}
      />
    </Tooltip>
  );
}

/** The model name; a click copies it. */
export function ModelNameTag({ name }: { name: string }) {
  return (
    <Tag
      color={modelColor(name)}
      style={{ cursor: 'pointer', fontSize: 13, marginInlineEnd: 0 }}
      onClick={() => void copyWithFeedback(name)}
    >
      {name}
    </Tag>
  );
}

export function BillingTypeTag({ entry }: { entry: PricingModel }) {
  const { t } = useTranslation('pricing');
  if (isPricedPerSecond(entry)) return <Tag color="purple">{t('quotaType.perSecond')}</Tag>;
  return entry.quota_type === QUOTA_TYPE.perCall ? (
    <Tag color="cyan">{t('quotaType.perCall')}</Tag>
  ) : (
    <Tag color="green">{t('quotaType.perVolume')}</Tag>
  );
}

interface GroupTagsProps {
  groups: string[];
  usableGroups: Record<string, string>;
  viewedGroup: string;
  onViewGroup: (group: string) => void;
}

/** The model's groups the viewer may use; a click on one views the prices of that group. */
export function GroupTags({ groups, usableGroups, viewedGroup, onViewGroup }: GroupTagsProps) {
  const { t } = useTranslation('pricing');
  const usable = groups.filter((group) => Object.hasOwn(usableGroups, group));
  if (usable.length === 0) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Space size={[4, 4]} wrap>
      {usable.map((group) =>
        group === viewedGroup ? (
          <Tag key={group} color="blue" icon={<CheckOutlined />}>
            {group}
          </Tag>
        ) : (
          <Tooltip key={group} title={t('switchGroup')}>
            <Tag style={{ cursor: 'pointer' }} onClick={() => onViewGroup(group)}>
              {group}
            </Tag>
          </Tooltip>
        ),
      )}
    </Space>
  );
}

/** Model, completion and group ratios ("N/A" for per-call models). */
export function RatioLines({ entry, groupRatio }: { entry: PricingEntry; groupRatio: number }) {
  const { t } = useTranslation('pricing');
  const perVolume = entry.quota_type === QUOTA_TYPE.perVolume;
  const none = t('ratio.none');
  return (
    <div style={{ whiteSpace: 'nowrap' }}>
      <div>{t('ratio.model', { value: perVolume ? formatRatio(entry.model_ratio) : none })}</div>
      <div>
        {t('ratio.completion', { value: perVolume ? formatRatio(entry.completion_ratio) : none })}
      </div>
      <div>{t('ratio.group', { value: formatRatio(groupRatio) })}</div>
    </div>
  );
}

interface PriceLinesProps {
  entry: PricingModel;
  groupRatio: number;
  display: PriceDisplay;
}

/** Prompt and completion price per 1M tokens, or the price of one call (a video's: of a second). */
export function PriceLines({ entry, groupRatio, display }: PriceLinesProps) {
  const { t } = useTranslation('pricing');
  if (entry.quota_type === QUOTA_TYPE.perCall) {
    const price = displayPrice(perCallPrice(entry.model_price, groupRatio), display);
    const key = isPricedPerSecond(entry) ? 'price.perSecond' : 'price.perCall';
    return <span style={{ whiteSpace: 'nowrap' }}>{t(key, { price })}</span>;
  }
  const prompt = displayPrice(promptPricePerMillion(entry.model_ratio, groupRatio), display);
  const completion = displayPrice(
    completionPricePerMillion(entry.model_ratio, entry.completion_ratio, groupRatio),
    display,
  );
  return (
    <div style={{ whiteSpace: 'nowrap' }}>
      <div>{t('price.prompt', { price: prompt })}</div>
      <div>{t('price.completion', { price: completion })}</div>
    </div>
  );
}
