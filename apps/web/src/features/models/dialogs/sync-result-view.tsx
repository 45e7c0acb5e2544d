import { Descriptions, Result, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SyncResult } from '../model-shapes';

function NameList({ label, names, color }: { label: string; names: string[]; color: string }) {
  if (names.length === 0) return null;
  return (
    <div>
      <Typography.Text strong>{label}</Typography.Text>
      <div style={{ maxHeight: 120, overflowY: 'auto', marginTop: 4 }}>
        <Space size={[4, 4]} wrap>
          {names.map((name) => (
            <Tag key={name} color={color}>
              {name}
            </Tag>
          ))}
        </Space>
      </div>
    </div>
  );
}

/** What the sync did: the counts, then the names created, updated and skipped. */
export function SyncResultView({ result }: { result: SyncResult }) {
  const { t } = useTranslation('models');
  return (
    <Result status="success" title={t('sync.done')} style={{ padding: '16px 0' }}>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, sm: 2 }}
          items={[
            {
              key: 'models',
              label: t('sync.result.createdModels'),
              children: result.created_models,
            },
            {
              key: 'vendors',
              label: t('sync.result.createdVendors'),
              children: result.created_vendors,
            },
            {
              key: 'updated',
              label: t('sync.result.updatedModels'),
              children: result.updated_models,
            },
            {
              key: 'skipped',
              label: t('sync.result.skippedModels'),
              children: result.skipped_models.length,
            },
          ]}
        />
        <NameList label={t('sync.result.createdList')} names={result.created_list} color="green" />
        <NameList label={t('sync.result.updatedList')} names={result.updated_list} color="blue" />
        <NameList
          label={t('sync.result.skippedList')}
          names={result.skipped_models}
          color="orange"
        />
      </Space>
    </Result>
  );
}
