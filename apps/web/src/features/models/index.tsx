import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../lib/use-is-mobile';
import { ModelsTab } from './components/models-tab';
import { VendorsTab } from './components/vendors-tab';

/**
 * The model catalogue (admin): model metadata with its vendor filter, the missing-models list and
 * the official sync, and the vendors. The route table mounts it for admins only.
 */
export default function ModelsPage() {
  const { t } = useTranslation('models');
  const isMobile = useIsMobile();
  return (
    <Card title={t('title')} size={isMobile ? 'small' : 'default'}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'models', label: t('tabs.models'), children: <ModelsTab /> },
          { key: 'vendors', label: t('tabs.vendors'), children: <VendorsTab /> },
        ]}
      />
    </Card>
  );
}
