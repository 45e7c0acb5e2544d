import { Card, Result, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { PerformanceTab } from './performance/performance-tab';
import { useOptionsQuery } from './queries';
import { ModelsTab } from './tabs/models-tab';
import { OperationTab } from './tabs/operation-tab';
import { OtherTab } from './tabs/other-tab';
import { RateLimitTab } from './tabs/rate-limit-tab';
import { SystemTab } from './tabs/system-tab';

const TABS = ['operation', 'ratelimit', 'models', 'system', 'other', 'performance'] as const;
type SettingsTab = (typeof TABS)[number];

function isTab(value: string | null): value is SettingsTab {
  return (TABS as readonly (string | null)[]).includes(value);
}

/**
 * /setting: the six root-only tabs, chosen by `?tab=` (operation when absent). Personal settings
 * live at /personal; `?tab=personal` is sent there, which is also where an OAuth account binding
 * lands. The route table mounts this page for root only (everyone else goes to /personal too).
 * The redirect decides before the tabs mount, so it never waits for (or asks for) the options.
 */
export default function SettingsPage() {
  const [searchParams] = useSearchParams();
  if (searchParams.get('tab') === 'personal') return <Navigate to="/personal" replace />;
  return <SettingsTabs />;
}

/** The tabs over the stored options (loaded once the page is sure to show them). */
function SettingsTabs() {
  const { t } = useTranslation('settings');
  const [searchParams, setSearchParams] = useSearchParams();
  const optionsQuery = useOptionsQuery();
  const requested = searchParams.get('tab');

  if (optionsQuery.isPending) return <PageLoading />;
  if (!optionsQuery.data) return <Result status="error" title={t('messages.loadFailed')} />;

  const options = optionsQuery.data;
  const active: SettingsTab = isTab(requested) ? requested : 'operation';
  const content: Record<SettingsTab, ReactNode> = {
    operation: <OperationTab options={options} />,
    ratelimit: <RateLimitTab options={options} />,
    models: <ModelsTab options={options} />,
    system: <SystemTab options={options} />,
    other: <OtherTab options={options} />,
    performance: <PerformanceTab />,
  };

  return (
    <Card title={t('title')} className="tg-settings-page">
      <Tabs
        activeKey={active}
        onChange={(tab) => setSearchParams({ tab }, { replace: true })}
        items={TABS.map((tab) => ({
          key: tab,
          label: t(`tabs.${tab}`),
          children: active === tab ? content[tab] : null,
        }))}
      />
    </Card>
  );
}
