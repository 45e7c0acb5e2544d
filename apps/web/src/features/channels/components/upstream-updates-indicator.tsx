import type { ChannelView } from '@tollgate/contracts';
import { Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UpstreamUpdatesDialog } from '../dialogs/upstream-updates-dialog';
import { upstreamUpdatesBadge } from '../rules/upstream-updates';

/**
 * A channel's "upstream updates" mark (models its upstream added or dropped since the last
 * detection); clicking it opens the review dialog. Nothing when no diff is pending.
 */
export function UpstreamUpdatesIndicator({ channel }: { channel: ChannelView }) {
  const { t } = useTranslation('channels');
  const [open, setOpen] = useState(false);
  const updates = channel.upstream_updates;
  if (!updates) return null;
  return (
    <>
      <Tooltip title={t('upstreamUpdates.review')}>
        <Tag
          color="orange"
          style={{ cursor: 'pointer', marginInlineEnd: 0 }}
          role="button"
          tabIndex={0}
          aria-label={t('upstreamUpdates.indicator')}
          onClick={() => setOpen(true)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ' ') setOpen(true);
          }}
        >
          {t('upstreamUpdates.indicator')} {upstreamUpdatesBadge(updates)}
        </Tag>
      </Tooltip>
      <UpstreamUpdatesDialog
        channel={open ? { id: channel.id, name: channel.name, upstream_updates: updates } : null}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
