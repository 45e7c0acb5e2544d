import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../../../status/status-store';

/** Shows that the site runs in self-use or demo-site mode. */
export function ModeBadge() {
  const { t } = useTranslation('shell');
  const status = useStatus();
  if (status.self_use_mode_enabled) {
    return (
      <Tag color="purple" className="tg-mode-badge">
        {t('topBar.selfUseMode')}
      </Tag>
    );
  }
  if (status.demo_site_enabled) {
    return (
      <Tag color="blue" className="tg-mode-badge">
        {t('topBar.demoSite')}
      </Tag>
    );
  }
  return null;
}
