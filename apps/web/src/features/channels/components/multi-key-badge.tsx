import type { ChannelView } from '@tollgate/contracts';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { multiKeyCounts } from '../rules/multi-key';

/**
 * A multi-key channel's badge: enabled keys of all keys (from `channel_info`), green while all
 * are enabled, gold when some are not, red when none is; a click opens key management.
 */
export function MultiKeyBadge({
  channel,
  onOpen,
}: {
  channel: ChannelView;
  onOpen: (channel: ChannelView) => void;
}) {
  const { t } = useTranslation('channels');
  const info = channel.channel_info;
  if (!info?.is_multi_key) return null;
  const { enabled, total } = multiKeyCounts(info);
  const color = enabled === total ? 'green' : enabled === 0 ? 'red' : 'gold';
  return (
    <Tooltip title={t('keys.badgeHint', { enabled, total })}>
      <Tag
        color={color}
        style={{ cursor: 'pointer' }}
        role="button"
        tabIndex={0}
        onClick={() => onOpen(channel)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onOpen(channel);
        }}
      >
        {t('keys.badge', { enabled, total })}
      </Tag>
    </Tooltip>
  );
}
