import type { LogStat } from '@tollgate/contracts';
import { Space, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatQuota } from '../../../lib/quota-format';

/** Total consumed quota, RPM and TPM for the current filters. */
export function LogStatBadges({ stat, loading }: { stat: LogStat | undefined; loading: boolean }) {
  const { t } = useTranslation('logs');
  return (
    <Spin spinning={loading} size="small">
      <Space wrap size={8} className="tg-log-stats">
        <Tag color="green">{t('stats.quota', { value: formatQuota(stat?.quota ?? 0) })}</Tag>
        <Tag color="blue">{t('stats.rpm', { value: stat?.rpm ?? 0 })}</Tag>
        <Tag color="purple">{t('stats.tpm', { value: stat?.tpm ?? 0 })}</Tag>
      </Space>
    </Spin>
  );
}
