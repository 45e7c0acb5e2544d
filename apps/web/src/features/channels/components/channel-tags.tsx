import { Space, Tag, Tooltip } from 'antd';
import type { ChannelCircuitState } from '@tollgate/contracts';
import { useTranslation } from 'react-i18next';
import {
  formatSeconds,
  formatTimestamp,
  parseStatusInfo,
  responseTimeColor,
} from '../rules/channel-display';
import { channelTypeColor, isKnownChannelType } from '../rules/channel-types';
import { splitList } from '../rules/model-list';

/** The translated name of a channel type. */
export function useChannelTypeName() {
  const { t } = useTranslation('channels');
  return (type: number) =>
    isKnownChannelType(type) ? t(`types.${type}`) : t('types.unknown', { type });
}

export function ChannelTypeTag({ type }: { type: number }) {
  const typeName = useChannelTypeName();
  return <Tag color={channelTypeColor(type)}>{typeName(type)}</Tag>;
}

/**
 * Status 1 enabled, 2 disabled, 3 auto-disabled. When the server recorded why and when the status
 * changed (`other_info`), a tooltip shows the reason and the time.
 */
export function ChannelStatusTag({ status, otherInfo }: { status: number; otherInfo?: string }) {
  const { t } = useTranslation('channels');
  let tag;
  switch (status) {
    case 1:
      tag = <Tag color="green">{t('status.enabled')}</Tag>;
      break;
    case 2:
      tag = <Tag color="orange">{t('status.disabled')}</Tag>;
      break;
    case 3:
      tag = <Tag color="gold">{t('status.autoDisabled')}</Tag>;
      break;
    default:
      tag = <Tag>{t('status.unknown')}</Tag>;
  }
  const info = status === 3 ? parseStatusInfo(otherInfo) : null;
  if (!info) return tag;
  return (
    <Tooltip title={t('status.reason', { reason: info.reason, time: formatTimestamp(info.time) })}>
      <span style={{ cursor: 'help' }}>{tag}</span>
    </Tooltip>
  );
}

/** The last response time: grey when untested, then green, lime, yellow and red. */
export function ResponseTimeTag({
  milliseconds,
  testTime,
}: {
  milliseconds: number;
  testTime?: number;
}) {
  const { t } = useTranslation('channels');
  const tag = (
    <Tag color={responseTimeColor(milliseconds)}>
      {milliseconds <= 0
        ? t('responseTime.untested')
        : t('responseTime.seconds', { seconds: formatSeconds(milliseconds) })}
    </Tag>
  );
  if (!testTime || milliseconds <= 0) return tag;
  return (
    <Tooltip title={t('responseTime.testedAt', { time: formatTimestamp(testTime) })}>{tag}</Tooltip>
  );
}

// antd preset names: they have light and dark variants.
const groupColors = ['blue', 'cyan', 'green', 'geekblue', 'purple', 'magenta', 'volcano', 'lime'];

function groupColor(name: string): string {
  let sum = 0;
  for (let index = 0; index < name.length; index += 1) sum += name.charCodeAt(index);
  return groupColors[sum % groupColors.length];
}

/** The comma-joined groups of a channel, one stable colour per name. */
export function ChannelGroupTags({ group }: { group: string }) {
  return (
    <Space size={2} wrap>
      {splitList(group).map((name) => (
        <Tag key={name} color={groupColor(name)}>
          {name}
        </Tag>
      ))}
    </Space>
  );
}

/**
 * The channel's circuit breaker when it is not closed: red while open (routing skips it), orange
 * when half-open (the next call probes it); the tooltip gives the recent error rate and when the
 * cool-down ends. Nothing for a closed circuit or a server that does not report one.
 */
export function CircuitTag({
  circuit,
  errorRate,
  openUntil,
}: {
  circuit: ChannelCircuitState | undefined;
  errorRate: number | undefined;
  openUntil: number | undefined;
}) {
  const { t } = useTranslation('channels');
  if (circuit === undefined || circuit === 'closed') return null;
  const open = circuit === 'open';
  const title = (
    <>
      {t('circuit.tooltip', { rate: Math.round((errorRate ?? 0) * 100) })}
      <div>
        {open && openUntil
          ? t('circuit.until', { time: formatTimestamp(openUntil) })
          : t('circuit.probe')}
      </div>
    </>
  );
  return (
    <Tooltip title={title}>
      <Tag color={open ? 'red' : 'orange'} style={{ cursor: 'help' }} data-testid="circuit-tag">
        {open ? t('circuit.open') : t('circuit.halfOpen')}
      </Tag>
    </Tooltip>
  );
}
