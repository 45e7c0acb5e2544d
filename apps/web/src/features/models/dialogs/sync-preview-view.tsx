import { Card, Checkbox, Empty, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SyncConflict, SyncFieldConflict, SyncPreview } from '../model-shapes';
import {
  chosenFieldCount,
  previewValueText,
  selectAll,
  toggleField,
  toggleModel,
  type SyncSelection,
} from '../rules/sync-selection';

interface SyncPreviewViewProps {
  preview: SyncPreview;
  selection: SyncSelection;
  onSelectionChange: (selection: SyncSelection) => void;
}

function ValueText({ value }: { value: unknown }) {
  const { t } = useTranslation('models');
  const text = previewValueText(value);
  if (text === '') return <Typography.Text type="secondary">{t('sync.empty')}</Typography.Text>;
  return (
    <Typography.Text
      style={{ maxWidth: 220, wordBreak: 'break-word' }}
      ellipsis={{ tooltip: text }}
    >
      {text}
    </Typography.Text>
  );
}

/** The missing models the sync creates, and each model's differing fields with their boxes. */
export function SyncPreviewView({ preview, selection, onSelectionChange }: SyncPreviewViewProps) {
  const { t } = useTranslation('models');
  const fieldCount = preview.conflicts.reduce((sum, conflict) => sum + conflict.fields.length, 0);
  const chosen = chosenFieldCount(selection);
  const fieldLabel = (field: string) => t(`sync.fields.${field}`, { defaultValue: field });

  const conflictCard = (conflict: SyncConflict) => {
    const fields = selection[conflict.model_name] ?? [];
    return (
      <Card
        key={conflict.model_name}
        size="small"
        title={
          <Checkbox
            checked={fields.length === conflict.fields.length}
            indeterminate={fields.length > 0 && fields.length < conflict.fields.length}
            onChange={(event) =>
              onSelectionChange(toggleModel(selection, conflict, event.target.checked))
            }
          >
            {conflict.model_name}
          </Checkbox>
        }
      >
        <Table<SyncFieldConflict>
          size="small"
          pagination={false}
          rowKey="field"
          dataSource={conflict.fields}
          scroll={{ x: 'max-content' }}
          columns={[
            {
              key: 'field',
              title: t('sync.field'),
              render: (_, field) => (
                <Checkbox
                  checked={fields.includes(field.field)}
                  onChange={(event) =>
                    onSelectionChange(
                      toggleField(
                        selection,
                        conflict.model_name,
                        field.field,
                        event.target.checked,
                      ),
                    )
                  }
                >
                  {fieldLabel(field.field)}
                </Checkbox>
              ),
            },
            {
              key: 'local',
              title: t('sync.local'),
              render: (_, field) => <ValueText value={field.local} />,
            },
            {
              key: 'upstream',
              title: t('sync.upstream'),
              render: (_, field) => <ValueText value={field.upstream} />,
            },
          ]}
        />
      </Card>
    );
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <div>
        <Typography.Title level={5}>
          {t('sync.missingTitle', { count: preview.missing.length })}
        </Typography.Title>
        {preview.missing.length === 0 ? (
          <Typography.Text type="secondary">{t('sync.noMissing')}</Typography.Text>
        ) : (
          <div style={{ maxHeight: 140, overflowY: 'auto' }}>
            <Space size={[4, 4]} wrap>
              {preview.missing.map((name) => (
                <Tag key={name} color="green">
                  {name}
                </Tag>
              ))}
            </Space>
          </div>
        )}
      </div>
      <div>
        <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('sync.conflictsTitle', { count: preview.conflicts.length })}
          </Typography.Title>
          {fieldCount > 0 && (
            <Checkbox
              checked={chosen === fieldCount}
              indeterminate={chosen > 0 && chosen < fieldCount}
              onChange={(event) =>
                onSelectionChange(selectAll(preview.conflicts, event.target.checked))
              }
            >
              {t('sync.selectAll')}
            </Checkbox>
          )}
        </Space>
        {preview.conflicts.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sync.noConflicts')} />
        ) : (
          <Space orientation="vertical" size={8} style={{ width: '100%', marginTop: 8 }}>
            {preview.conflicts.map(conflictCard)}
            <Typography.Text type="secondary">{t('sync.lockedNote')}</Typography.Text>
          </Space>
        )}
      </div>
      {preview.source.models_url !== '' && (
        <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
          {t('sync.source', { url: preview.source.models_url })}
        </Typography.Text>
      )}
    </Space>
  );
}
