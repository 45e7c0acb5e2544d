import { Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { unixTimeText } from '../../../lib/unix-time';
import { useTranslation } from 'react-i18next';
import { cellColumn, RowActions, type DataTableColumn } from '../../../components/data-table';
import { MetaIcon } from '../../../components/meta-icon';
import { onSuccessNotify } from '../../../lib/success-feedback';
import { useIsMobile } from '../../../lib/use-is-mobile';
import type { ModelMeta, Vendor } from '../model-shapes';
import { useDeleteModelMutation, useModelStatusMutation } from '../queries';
import { endpointEntries } from '../rules/endpoint-types';
import { splitCommaList } from '../rules/model-form-values';
import { vendorName } from '../rules/vendor-filter';
import { NameRuleTag } from './name-rule-tag';

interface ModelColumnsOptions {
  vendors: readonly Vendor[];
  onEdit: (model: ModelMeta) => void;
}

const none = <Typography.Text type="secondary">-</Typography.Text>;

function TagList({ items, color }: { items: readonly string[]; color?: string }) {
  if (items.length === 0) return none;
  return (
    <Space size={[4, 4]} wrap style={{ maxWidth: 260 }}>
      {items.map((item) => (
        <Tag key={item} color={color} style={{ marginInlineEnd: 0 }}>
          {item}
        </Tag>
      ))}
    </Space>
  );
}

/** Columns of the model list. */
export function useModelColumns({ vendors, onEdit }: ModelColumnsOptions) {
  const { t } = useTranslation('models');
  const isMobile = useIsMobile();
  const statusMutation = useModelStatusMutation();
  const deleteMutation = useDeleteModelMutation();

  const columns: DataTableColumn<ModelMeta>[] = [
    cellColumn('id', 'ID', (model) => model.id, { hideable: false }),
    cellColumn(
      'model_name',
      t('columns.name'),
      (model) => (
        <Space size={6}>
          <MetaIcon icon={model.icon} name={model.model_name} />
          <Typography.Text strong>{model.model_name}</Typography.Text>
          <NameRuleTag model={model} />
        </Space>
      ),
      { hideable: false },
    ),
    cellColumn('vendor', t('columns.vendor'), (model) => {
      const name = vendorName(vendors, model.vendor_id);
      const vendor = vendors.find((item) => item.id === model.vendor_id);
      if (name === '') return none;
      return (
        <Space size={6}>
          <MetaIcon icon={vendor?.icon ?? ''} name={name} size={18} />
          {name}
        </Space>
      );
    }),
    cellColumn('status', t('columns.status'), (model) => (
      <Switch
        size="small"
        checked={model.status === 1}
        aria-label={t('status.label', { name: model.model_name })}
        loading={statusMutation.isPending && statusMutation.variables.id === model.id}
        onChange={(checked) =>
          statusMutation.mutate(
            { id: model.id, status: checked ? 1 : 0 },
            onSuccessNotify(checked ? t('status.enabled') : t('status.disabled')),
          )
        }
      />
    )),
    cellColumn('description', t('columns.description'), (model) =>
      model.description === '' ? (
        none
      ) : (
        <Typography.Text style={{ maxWidth: 240 }} ellipsis={{ tooltip: model.description }}>
          {model.description}
        </Typography.Text>
      ),
    ),
    cellColumn('tags', t('columns.tags'), (model) => (
      <TagList items={splitCommaList(model.tags)} color="blue" />
    )),
    cellColumn('endpoints', t('columns.endpoints'), (model) => (
      <TagList items={endpointEntries(model.endpoints).map((entry) => entry.type)} />
    )),
    cellColumn('channels', t('columns.channels'), (model) =>
      model.bound_channels.length === 0 ? (
        none
      ) : (
        <Tooltip title={model.bound_channels.map((channel) => channel.name).join(', ')}>
          <Tag color="geekblue">{model.bound_channels.length}</Tag>
        </Tooltip>
      ),
    ),
    cellColumn('groups', t('columns.groups'), (model) => <TagList items={model.enable_groups} />),
    cellColumn('quota_types', t('columns.quotaTypes'), (model) => (
      <TagList
        items={model.quota_types.map((type) =>
          type === 1 ? t('quotaType.perCall') : t('quotaType.perToken'),
        )}
        color="green"
      />
    )),
    cellColumn('sync_official', t('columns.syncOfficial'), (model) =>
      model.sync_official === 1 ? (
        <Tag color="cyan">{t('syncOfficial.on')}</Tag>
      ) : (
        <Tag color="orange">{t('syncOfficial.off')}</Tag>
      ),
    ),
    cellColumn('updated_time', t('columns.updated'), (model) => (
      <span style={{ whiteSpace: 'nowrap' }}>{unixTimeText(model.updated_time)}</span>
    )),
    cellColumn(
      'actions',
      t('columns.actions'),
      (model) => (
        <RowActions
          actions={[
            { key: 'edit', label: t('actions.edit'), onClick: () => onEdit(model) },
            {
              key: 'delete',
              label: t('actions.delete'),
              danger: true,
              confirm: {
                title: t('delete.confirm', { name: model.model_name }),
                description: t('delete.description'),
              },
              onClick: () => deleteMutation.mutate(model.id, onSuccessNotify(t('delete.success'))),
            },
          ]}
        />
      ),
      { hideable: false, fixed: isMobile ? undefined : 'right' },
    ),
  ];
  return columns;
}
