import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OptionValues } from '../api';
import { ClearLogs } from '../components/clear-logs';
import { OptionSection } from '../components/option-section';
import { UpstreamRatioSync } from '../ratio-sync/upstream-ratio-sync';
import { RatioJsonEditors } from '../ratios/ratio-json-editors';
import { UnsetModels } from '../ratios/unset-models';
import { VisualRatioEditor } from '../ratios/visual-ratio-editor';
import {
  checkinFields,
  dashboardFields,
  drawingFields,
  generalFields,
  logFields,
  monitoringFields,
  quotaFields,
  sensitiveFields,
} from './operation-sections';
import { ResponseCacheSection } from './response-cache-section';

/**
 * Operation settings: day-to-day switches and amounts, the response cache, then the three ratio
 * editors.
 */
export function OperationTab({ options }: { options: OptionValues }) {
  const { t } = useTranslation('settings');
  return (
    <div className="tg-settings-stack">
      <OptionSection title="operation.general.title" fields={generalFields} options={options} />
      <OptionSection title="operation.drawing.title" fields={drawingFields} options={options} />
      <OptionSection title="operation.sensitive.title" fields={sensitiveFields} options={options} />
      <OptionSection title="operation.logs.title" fields={logFields} options={options}>
        <ClearLogs />
      </OptionSection>
      <OptionSection title="operation.dashboard.title" fields={dashboardFields} options={options} />
      <OptionSection
        title="operation.monitoring.title"
        fields={monitoringFields}
        options={options}
      />
      <ResponseCacheSection options={options} />
      <OptionSection title="operation.quota.title" fields={quotaFields} options={options} />
      <OptionSection title="operation.checkin.title" fields={checkinFields} options={options} />
      <Tabs
        className="tg-settings-ratio-tabs"
        type="card"
        items={[
          {
            key: 'json',
            label: t('ratios.tabs.json'),
            children: <RatioJsonEditors options={options} />,
          },
          {
            key: 'visual',
            label: t('ratios.tabs.visual'),
            children: <VisualRatioEditor options={options} />,
          },
          {
            key: 'unset',
            label: t('ratios.tabs.unset'),
            children: <UnsetModels options={options} />,
          },
          {
            key: 'sync',
            label: t('ratios.tabs.sync'),
            children: <UpstreamRatioSync options={options} />,
          },
        ]}
      />
    </div>
  );
}
