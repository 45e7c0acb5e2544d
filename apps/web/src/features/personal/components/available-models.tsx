import { Button, Empty, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../../lib/clipboard';
import { useUserModelsQuery } from '../queries';

/** How many model tags show before the list is expanded. */
const collapsedCount = 10;

/** The models the user may call; a click copies the name. */
export function AvailableModels() {
  const { t } = useTranslation('personal');
  const query = useUserModelsQuery();
  const [expanded, setExpanded] = useState(false);
  const models = query.data ?? [];
  const shown = expanded ? models : models.slice(0, collapsedCount);

  return (
    <div style={{ marginTop: 24 }}>
      <Typography.Title level={5}>{t('models.title')}</Typography.Title>
      {query.isPending ? (
        <Spin />
      ) : models.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('models.empty')} />
      ) : (
        <Space size={[4, 8]} wrap>
          {shown.map((model) => (
            <Tag
              key={model}
              color="cyan"
              style={{ cursor: 'pointer' }}
              onClick={() => void copyWithFeedback(model)}
            >
              {model}
            </Tag>
          ))}
          {models.length > collapsedCount && (
            <Button type="link" size="small" onClick={() => setExpanded((value) => !value)}>
              {expanded
                ? t('models.collapse')
                : t('models.expand', { count: models.length - collapsedCount })}
            </Button>
          )}
        </Space>
      )}
    </div>
  );
}
