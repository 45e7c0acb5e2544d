import { Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import UnavailablePage from '../unavailable';
import { AccountSecurityCard } from './components/account-security-card';
import { AccountSummaryCard } from './components/account-summary-card';
import { useSelfQuery } from './queries';

const tabKeys = ['personal', 'notification', 'price'] as const;

function PersonalInfoTab() {
  const query = useSelfQuery();
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <AccountSummaryCard user={query.data} loading={query.isPending} />
      <AccountSecurityCard user={query.data} />
    </Space>
  );
}

/** Personal settings: account information (this version), notification and price tabs. */
export default function PersonalPage() {
  const { t } = useTranslation('personal');
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const activeKey = tabKeys.find((key) => key === requested) ?? 'personal';

  return (
    <Tabs
      activeKey={activeKey}
      onChange={(key) => setSearchParams(key === 'personal' ? {} : { tab: key }, { replace: true })}
      destroyOnHidden
      items={[
        { key: 'personal', label: t('tabs.personal'), children: <PersonalInfoTab /> },
        {
          key: 'notification',
          label: t('tabs.notification'),
          children: <UnavailablePage titleKey="screens.notificationSettings" />,
        },
        {
          key: 'price',
          label: t('tabs.price'),
          children: <UnavailablePage titleKey="screens.priceSettings" />,
        },
      ]}
    />
  );
}
