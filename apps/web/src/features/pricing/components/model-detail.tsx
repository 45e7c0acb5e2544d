import { Descriptions, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MetaIcon } from '../../../components/meta-icon';
import type { EndpointRoute, PricingModel } from '../pricing-metadata';

interface ModelDetailProps {
  model: PricingModel;
  endpointRoutes: Record<string, EndpointRoute>;
}

/** A model's metadata under its row: description, tags, and each endpoint type with its path. */
export function ModelDetail({ model, endpointRoutes }: ModelDetailProps) {
  const { t } = useTranslation('pricing');
  const meta = model.meta;
  if (!meta) return null;
  const items = [];
  if (meta.description !== '') {
    items.push({
      key: 'description',
      label: t('detail.description'),
      children: (
        <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>
          {meta.description}
        </Typography.Paragraph>
      ),
    });
  }
  if (meta.tags.length > 0) {
    items.push({
      key: 'tags',
      label: t('detail.tags'),
      children: (
        <Space size={[4, 4]} wrap>
          {meta.tags.map((tag) => (
            <Tag key={tag} color="blue">
              {tag}
            </Tag>
          ))}
        </Space>
      ),
    });
  }
  if (meta.endpointTypes.length > 0) {
    items.push({
      key: 'endpoints',
      label: t('detail.endpoints'),
      children: (
        <Space orientation="vertical" size={4}>
          {meta.endpointTypes.map((type) => {
            const route = endpointRoutes[type];
            return (
              <Space key={type} size={6} wrap>
                <Tag color="purple">{type}</Tag>
                {route && route.path !== '' && (
                  <Typography.Text code copyable={{ text: route.path }}>
                    {route.method === '' ? route.path : `${route.method} ${route.path}`}
                  </Typography.Text>
                )}
              </Space>
            );
          })}
        </Space>
      ),
    });
  }
  return <Descriptions size="small" column={1} items={items} />;
}

/** The vendor under a model's name, when the model has one the answer names. */
export function VendorLabel({ name, icon }: { name: string; icon: string }) {
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
        <MetaIcon icon={icon} name={name} size={14} />
        {name}
      </span>
    </Typography.Text>
  );
}
