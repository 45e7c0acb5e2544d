import { TOKEN_STATUS, AUTO_GROUP } from '@tollgate/contracts';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatQuota } from '../../../lib/quota-format';
import type { Token } from '../api';
import { groupColor } from '../../../lib/group-color';

/** Status 1 enabled (noting model limits), 2 disabled, 3 expired, 4 exhausted. */
export function TokenStatusTag({ token }: { token: Token }) {
  const { t } = useTranslation('tokens');
  switch (token.status) {
    case TOKEN_STATUS.enabled:
      return (
        <Tag color="green">
          {token.model_limits_enabled ? t('status.enabledLimited') : t('status.enabled')}
        </Tag>
      );
    case TOKEN_STATUS.disabled:
      return <Tag color="red">{t('status.disabled')}</Tag>;
    case TOKEN_STATUS.expired:
      return <Tag color="gold">{t('status.expired')}</Tag>;
    case TOKEN_STATUS.exhausted:
      return <Tag>{t('status.exhausted')}</Tag>;
    default:
      return <Tag>{t('status.unknown')}</Tag>;
  }
}

/** The token's group: empty means the user's own group, `auto` automatic selection. */
export function TokenGroupTag({ group }: { group: string }) {
  const { t } = useTranslation('tokens');
  if (group === '') return <Tag color="orange">{t('group.userGroup')}</Tag>;
  if (group === AUTO_GROUP) return <Tag color="cyan">{t('group.auto')}</Tag>;
  return <Tag color={groupColor(group)}>{group}</Tag>;
}

/** Status above group, as the list shows them (stacked, to keep the wide list narrow). */
export function TokenStatusCell({ token }: { token: Token }) {
  return (
    <Space orientation="vertical" size={4} align="start">
      <TokenStatusTag token={token} />
      <TokenGroupTag group={token.group} />
    </Space>
  );
}

/** Remaining quota, or "unlimited". */
export function RemainQuotaTag({ token }: { token: Token }) {
  const { t } = useTranslation('tokens');
  if (token.unlimited_quota) return <Tag>{t('quota.unlimited')}</Tag>;
  return <Tag color="blue">{formatQuota(token.remain_quota)}</Tag>;
}
