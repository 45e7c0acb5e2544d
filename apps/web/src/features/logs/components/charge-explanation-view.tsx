import { Space, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  formatFactor,
  quotaDollars,
  type AudioCharge,
  type ChargeExplanation,
  type TokenCharge,
} from '../rules/charge-explanation';

interface ChargeExplanationViewProps {
  charge: ChargeExplanation;
  /** The quota actually charged (the log row's `quota`). */
  chargedQuota: number;
  quotaPerUnit: number;
}

const dollarsText = (value: number) => `$${formatFactor(value)}`;

/** The per-1M-token prices behind a token charge, before the group ratio. */
function PriceLines({ charge }: { charge: TokenCharge | AudioCharge }) {
  const { t } = useTranslation('logs');
  const input = charge.inputPrice;
  const lines = [
    t('charge.inputPrice', { price: dollarsText(input) }),
    t('charge.ratioPrice', {
      name: t('charge.names.completion'),
      price: dollarsText(input),
      ratio: formatFactor(charge.completionRatio),
      total: dollarsText(input * charge.completionRatio),
    }),
  ];
  if (charge.kind === 'tokens' && charge.cached > 0) {
    lines.push(
      t('charge.ratioPrice', {
        name: t('charge.names.cached'),
        price: dollarsText(input),
        ratio: formatFactor(charge.cacheRatio),
        total: dollarsText(input * charge.cacheRatio),
      }),
    );
  }
  if (charge.kind === 'tokens' && charge.cacheCreation > 0) {
    lines.push(
      t('charge.ratioPrice', {
        name: t('charge.names.cacheCreation'),
        price: dollarsText(input),
        ratio: formatFactor(charge.cacheCreationRatio),
        total: dollarsText(input * charge.cacheCreationRatio),
      }),
    );
  }
  if (charge.kind === 'audio') {
    lines.push(
      t('charge.ratioPrice', {
        name: t('charge.names.audioInput'),
        price: dollarsText(input),
        ratio: formatFactor(charge.audioRatio),
        total: dollarsText(input * charge.audioRatio),
      }),
    );
  }
  return (
    <>
      {lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
    </>
  );
}

/** The weighted token sum of a token charge: each count times its ratio. */
function weightedParts(charge: TokenCharge | AudioCharge, t: TFunction<'logs'>) {
  const part = (name: string, tokens: number, ratio?: string) =>
    ratio === undefined
      ? t('charge.part', { name: t(`charge.names.${name}`), tokens })
      : t('charge.partWithRatio', { name: t(`charge.names.${name}`), tokens, ratio });
  if (charge.kind === 'audio') {
    return [
      part('textInput', charge.textInput),
      part('textOutput', charge.textOutput, formatFactor(charge.completionRatio)),
      part('audioInput', charge.audioInput, formatFactor(charge.audioRatio)),
      part(
        'audioOutput',
        charge.audioOutput,
        `${formatFactor(charge.audioRatio)} × ${formatFactor(charge.audioCompletionRatio)}`,
      ),
    ];
  }
  const parts = [part('prompt', charge.uncached)];
  if (charge.cached > 0) parts.push(part('cached', charge.cached, formatFactor(charge.cacheRatio)));
  if (charge.cacheCreation > 0) {
    parts.push(
      part('cacheCreation', charge.cacheCreation, formatFactor(charge.cacheCreationRatio)),
    );
  }
  parts.push(part('completion', charge.completion, formatFactor(charge.completionRatio)));
  return parts;
}

/**
 * How a consume row's quota came about: the prices, then the formula with this call's numbers,
 * the result in quota and dollars, and a note when the recorded charge differs.
 */
export function ChargeExplanationView({
  charge,
  chargedQuota,
  quotaPerUnit,
}: ChargeExplanationViewProps) {
  const { t } = useTranslation('logs');
  const result = t('charge.result', {
    quota: charge.quota,
    dollars: `$${quotaDollars(charge.quota, quotaPerUnit).toFixed(6)}`,
  });
  return (
    <Space orientation="vertical" size={2}>
      {charge.kind === 'price' ? (
        <Typography.Text>
          {t('charge.perCall', {
            price: dollarsText(charge.modelPrice),
            group: formatFactor(charge.groupRatio),
            total: dollarsText(charge.dollars),
            unit: formatFactor(quotaPerUnit),
          })}
        </Typography.Text>
      ) : (
        <div>
          <PriceLines charge={charge} />
          <div>
            {t('charge.formula', {
              parts: weightedParts(charge, t).join(' + '),
              model: formatFactor(charge.modelRatio),
              group: formatFactor(charge.groupRatio),
            })}
          </div>
        </div>
      )}
      <Typography.Text strong>{result}</Typography.Text>
      {charge.quota !== chargedQuota && (
        <Typography.Text type="warning">
          {t('charge.differs', { quota: chargedQuota })}
        </Typography.Text>
      )}
      <Typography.Text type="secondary">{t('charge.reference')}</Typography.Text>
    </Space>
  );
}
