import { Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TwoFactorCard } from '../two-factor';
import { PasskeyCard } from '../passkeys';
import { AccountSecurityCard } from './components/account-security-card';
import { AccountSummaryCard } from './components/account-summary-card';
import { BindingsCard } from './components/bindings-card';
import { CheckinCard } from './checkin/checkin-card';
import { InviteCard } from './components/invite-card';
import { useSelfQuery } from '../../session/self-user';
import { NotificationTab } from './tabs/notification-tab';
import { PriceTab } from './tabs/price-tab';

const tabKeys = ['personal', 'notification', 'price'] as const;

function PersonalInfoTab() {
  const query = useSelfQuery();
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <AccountSummaryCard user={query.data} loading={query.isPending} />
      <CheckinCard />
      <InviteCard user={query.data} loading={query.isPending} />
      <BindingsCard user={query.data} />
      <AccountSecurityCard user={query.data} />
      <TwoFactorCard />
      <PasskeyCard />
    </Space>
  );
}

/** Personal settings: account information, notification and price tabs. */
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
        { key: 'notification', label: t('tabs.notification'), children: <NotificationTab /> },
        { key: 'price', label: t('tabs.price'), children: <PriceTab /> },
      ]}
    />
  );
}

export { ProfileEditPage } from './profile-edit-page';
