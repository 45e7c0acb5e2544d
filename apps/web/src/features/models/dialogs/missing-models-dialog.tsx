import { Button, Empty, Input, List, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DialogProps } from '../../../components/forms/form-dialog';
import { useMissingModelsQuery } from '../queries';

interface MissingModelsDialogProps extends DialogProps {
  /** "Configure": opens the add drawer with this model name filled in. */
  onConfigure: (modelName: string) => void;
}

/** The models the channels serve without metadata (`GET /api/models/missing`), each configurable. */
export function MissingModelsDialog({ open, onClose, onConfigure }: MissingModelsDialogProps) {
  const { t } = useTranslation('models');
  const query = useMissingModelsQuery(open);
  const [filter, setFilter] = useState('');
  const names = (query.data ?? []).filter((name) =>
    name.toLowerCase().includes(filter.trim().toLowerCase()),
  );

  return (
    <Modal
      title={t('missing.title')}
      open={open}
      centered
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          {t('missing.description')} {t('missing.count', { count: query.data?.length ?? 0 })}
        </Typography.Text>
        <Input.Search
          allowClear
          placeholder={t('missing.filter')}
          aria-label={t('missing.filter')}
          onChange={(event) => setFilter(event.target.value)}
        />
        <List
          loading={query.isFetching}
          dataSource={names}
          locale={{ emptyText: <Empty description={t('missing.empty')} /> }}
          pagination={names.length > 10 ? { pageSize: 10, size: 'small' } : false}
          renderItem={(name) => (
            <List.Item
              actions={[
                <Button key="configure" size="small" type="link" onClick={() => onConfigure(name)}>
                  {t('missing.configure')}
                </Button>,
              ]}
            >
              <Typography.Text code style={{ wordBreak: 'break-all' }}>
                {name}
              </Typography.Text>
            </List.Item>
          )}
        />
      </Space>
    </Modal>
  );
}
