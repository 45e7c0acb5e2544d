import { LOG_TYPES } from '@tollgate/contracts';
import { Descriptions, type DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatQuota, readQuotaDisplay } from '../../../lib/quota-format';
import { useIsMobile } from '../../../lib/use-is-mobile';
import type { LogRow } from '../api';
import { explainCharge, formatFactor } from '../rules/charge-explanation';
import { firstTokenSeconds, hasFirstTokenTime } from '../rules/log-badges';
import { cacheHitOf, fallbackFrom, mappedModel } from '../rules/log-other';
import { ChargeExplanationView } from './charge-explanation-view';
import { isCallRow } from './use-log-columns';

/**
 * The expanded part of a log row: channel, content, model mapping, fallback, response cache,
 * ratios, prompt cache and billing.
 */
export function LogDetails({ log, admin }: { log: LogRow; admin: boolean }) {
  const { t } = useTranslation('logs');
  const isMobile = useIsMobile();
  const other = log.details;
  const items: NonNullable<DescriptionsProps['items']> = [];
  // Long entries (content, billing) take the rest of their line.
  const add = (key: string, children: ReactNode, fill = false) =>
    items.push({ key, label: t(`details.${key}`), children, span: fill ? 'filled' : undefined });

  const cacheHit = cacheHitOf(other);
  // A call the response cache answered reached no channel (logged as channel 0).
  const reachedChannel = !(cacheHit && log.channel === 0);
  if (admin && isCallRow(log) && reachedChannel) {
    add('channel', `${log.channel} - ${log.channel_name || t('details.unknownChannel')}`);
    if (other?.use_channel && other.use_channel.length > 0) {
      add('retryChain', other.use_channel.join(' → '));
    }
  }
  if (log.content) add('content', log.content, true);

  if (log.type === LOG_TYPES.consume && other) {
    const upstream = mappedModel(other);
    if (upstream) {
      add('billedModel', log.model_name);
      add('upstreamModel', upstream);
    }
    const requested = fallbackFrom(other);
    if (requested) add('fallbackFrom', requested);
    if (cacheHit) {
      add(
        'responseCache',
        cacheHit.savedQuota === undefined
          ? t('details.cacheHit')
          : t('details.cacheHitSaved', { value: formatQuota(cacheHit.savedQuota, 6) }),
      );
    }
    if (hasFirstTokenTime(log.is_stream, other.frt)) {
      add('firstToken', t('timing.seconds', { value: firstTokenSeconds(other.frt) }));
    }
    if (other.reasoning_effort) add('reasoningEffort', other.reasoning_effort);
    if (other.model_price !== undefined && other.model_price >= 0) {
      add('modelPrice', `$${formatFactor(other.model_price)}`);
    } else if (other.model_ratio !== undefined) {
      add('modelRatio', formatFactor(other.model_ratio));
      add('completionRatio', formatFactor(other.completion_ratio ?? 0));
    }
    if (other.group_ratio !== undefined) add('groupRatio', formatFactor(other.group_ratio));
    if (other.user_group_ratio !== undefined) {
      add('userGroupRatio', formatFactor(other.user_group_ratio));
    }
    if ((other.cache_tokens ?? 0) > 0) {
      add(
        'cacheTokens',
        t('details.tokensAtRatio', {
          tokens: other.cache_tokens,
          ratio: formatFactor(other.cache_ratio ?? 1),
        }),
      );
    }
    if ((other.cache_creation_tokens ?? 0) > 0) {
      add(
        'cacheCreationTokens',
        t('details.tokensAtRatio', {
          tokens: other.cache_creation_tokens,
          ratio: formatFactor(other.cache_creation_ratio ?? 1),
        }),
      );
    }
    if (other.audio || other.ws) {
      add('textInput', other.text_input ?? 0);
      add('textOutput', other.text_output ?? 0);
      add('audioInput', other.audio_input ?? 0);
      add('audioOutput', other.audio_output ?? 0);
    }
    if (other.image_size) {
      add(
        'image',
        t('details.imageValue', {
          size: other.image_size,
          quality: other.image_quality ?? '',
          n: other.image_n ?? 1,
        }),
      );
    }
    const quotaPerUnit = readQuotaDisplay().quotaPerUnit;
    const charge = explainCharge(log, other, quotaPerUnit);
    if (charge) {
      add(
        'billing',
        <ChargeExplanationView
          charge={charge}
          chargedQuota={log.quota}
          quotaPerUnit={quotaPerUnit}
        />,
        true,
      );
    }
  }

  if (items.length === 0) return <span>{t('details.none')}</span>;
  return (
    <Descriptions
      size="small"
      bordered
      // Phones: labels above their values, so that long values keep the whole width.
      layout={isMobile ? 'vertical' : 'horizontal'}
      column={isMobile ? 1 : 2}
      items={items}
      styles={{ label: isMobile ? undefined : { whiteSpace: 'nowrap', width: 1 } }}
    />
  );
}
