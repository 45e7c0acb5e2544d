import { BranchesOutlined, RetweetOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { LOG_TYPES } from '@tollgate/contracts';
import { Popover, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../../lib/clipboard';
import { presetColor } from '../../../lib/preset-color';
import { formatQuota } from '../../../lib/quota-format';
import type { LogRow } from '../api';
import {
  firstTokenColor,
  firstTokenSeconds,
  hasFirstTokenTime,
  useTimeColor,
} from '../rules/log-badges';
import { limitRefusalOf } from '../rules/limit-refusal';
import { cacheHitOf, fallbackFrom, mappedModel } from '../rules/log-other';

/** The limit that refused the call, on the error rows of refusals (`other.limit_refusal`). */
export function LimitRefusalTag({ log }: { log: LogRow }) {
  const { t } = useTranslation('limits');
  const code = limitRefusalOf(log.other);
  if (!code) return null;
  const [scope, kind] = code.split('.');
  return (
    <Tag color="red">
      {t('refusal.tag', { limit: `${t(`scopes.${scope}`)} · ${t(`short.${kind}`)}` })}
    </Tag>
  );
}

/** Type 1 top-up, 2 consumption, 3 management, 4 system, 5 error, anything else unknown. */
export function LogTypeTag({ type }: { type: number }) {
  const { t } = useTranslation('logs');
  switch (type) {
    case LOG_TYPES.topUp:
      return <Tag color="cyan">{t('types.1')}</Tag>;
    case LOG_TYPES.consume:
      return <Tag color="lime">{t('types.2')}</Tag>;
    case LOG_TYPES.manage:
      return <Tag color="orange">{t('types.3')}</Tag>;
    case LOG_TYPES.system:
      return <Tag color="purple">{t('types.4')}</Tag>;
    // Error rows (new-api's type 5), such as the refusals of usage limits.
    case 5:
      return <Tag color="red">{t('types.5')}</Tag>;
    default:
      return <Tag>{t('types.0')}</Tag>;
  }
}

/** A tag that copies its text when clicked (without toggling the row). */
export function CopyTag({ text, color }: { text: string; color?: string }) {
  return (
    <Tag
      color={color}
      style={{ cursor: 'pointer' }}
      onClick={(event) => {
        event.stopPropagation();
        void copyWithFeedback(text);
      }}
    >
      {text}
    </Tag>
  );
}

/** The model; a mapped model shows a marker and, on hover, the model actually called. */
export function ModelCell({ log }: { log: LogRow }) {
  const { t } = useTranslation('logs');
  const upstream = mappedModel(log.details);
  if (!upstream) return <CopyTag text={log.model_name} color={presetColor(log.model_name)} />;
  return (
    <Popover
      content={
        <Space orientation="vertical" size={4}>
          <span>
            {t('details.billedModel')}: <CopyTag text={log.model_name} />
          </span>
          <span>
            {t('details.upstreamModel')}: <CopyTag text={upstream} />
          </span>
        </Space>
      }
    >
      <Tag
        color={presetColor(log.model_name)}
        icon={<RetweetOutlined />}
        style={{ cursor: 'pointer' }}
        onClick={(event) => {
          event.stopPropagation();
          void copyWithFeedback(log.model_name);
        }}
      >
        {log.model_name}
      </Tag>
    </Popover>
  );
}

/** Use time, first-token time (stream calls) and stream or not, with the spec's colours. */
export function TimingCell({ log }: { log: LogRow }) {
  const { t } = useTranslation('logs');
  const frt = log.details?.frt;
  return (
    <Space size={2} wrap={false}>
      <Tooltip title={t('timing.useTime')}>
        <Tag color={useTimeColor(log.use_time)}>{t('timing.seconds', { value: log.use_time })}</Tag>
      </Tooltip>
      {hasFirstTokenTime(log.is_stream, frt) && (
        <Tooltip title={t('timing.firstToken')}>
          <Tag color={firstTokenColor(frt)}>
            {t('timing.seconds', { value: firstTokenSeconds(frt) })}
          </Tag>
        </Tooltip>
      )}
      <Tag color={log.is_stream ? 'blue' : 'purple'}>
        {log.is_stream ? t('timing.stream') : t('timing.nonStream')}
      </Tag>
    </Space>
  );
}

/** The log's group: empty means the user's own group. */
export function LogGroupTag({ group }: { group: string }) {
  const { t } = useTranslation('logs');
  if (group === '') return <Tag color="orange">{t('userGroup')}</Tag>;
  return <CopyTag text={group} color={presetColor(group)} />;
}

/** On rows a model fallback answered: the model the client asked for (`other.fallback_from`). */
export function FallbackTag({ log }: { log: LogRow }) {
  const { t } = useTranslation('logs');
  const requested = fallbackFrom(log.details);
  if (!requested) return null;
  return (
    <Tooltip title={t('routing.fallbackHint', { model: requested, answered: log.model_name })}>
      <Tag color="orange" icon={<BranchesOutlined />}>
        {t('routing.fallbackFrom', { model: requested })}
      </Tag>
    </Tooltip>
  );
}

/** On rows the response cache answered (`other.cache_hit`), the quota saved in its tooltip. */
export function CacheHitTag({ log }: { log: LogRow }) {
  const { t } = useTranslation('logs');
  const hit = cacheHitOf(log.details);
  if (!hit) return null;
  const title =
    hit.savedQuota === undefined
      ? t('routing.cacheAnswered')
      : t('routing.cacheSaved', { value: formatQuota(hit.savedQuota, 6) });
  return (
    <Tooltip title={title}>
      <Tag color="green" icon={<ThunderboltOutlined />}>
        {t('routing.cacheHit')}
      </Tag>
    </Tooltip>
  );
}
