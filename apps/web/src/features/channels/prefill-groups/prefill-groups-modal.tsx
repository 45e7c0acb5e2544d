import { PlusOutlined } from '@ant-design/icons';
import { PREFILL_GROUP_TYPES, type PrefillGroup, type PrefillGroupType } from '@tollgate/contracts';
import { Button, Modal, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifier';
import { useConfirm } from '../../../lib/use-confirm';
import { useDrawerWidth } from '../../../lib/use-is-mobile';
import { PrefillGroupEditor, type PrefillGroupDraft } from './prefill-group-editor';
import { useDeletePrefillGroupMutation, usePrefillGroupsQuery } from './prefill-group-queries';

interface PrefillGroupsModalProps {
  open: boolean;
  /** The type shown first (the models field opens on model lists). */
  initialType?: PrefillGroupType;
  onClose: () => void;
}

const PREVIEW_ITEMS = 4;

/** Lists, creates, edits and deletes the saved prefill groups, one type at a time. */
export function PrefillGroupsModal({
  open,
  initialType = 'model',
  onClose,
}: PrefillGroupsModalProps) {
  const { t } = useTranslation('channels');
  const width = useDrawerWidth();
  const confirm = useConfirm();
  const [type, setType] = useState<PrefillGroupType>(initialType);
  const [draft, setDraft] = useState<PrefillGroupDraft | null>(null);
  const groupsQuery = usePrefillGroupsQuery(type, open);
  const deletion = useDeletePrefillGroupMutation();

  const remove = (group: PrefillGroup) =>
    confirm({
      title: t('prefill.confirmDelete', { name: group.name }),
      danger: true,
      onOk: () =>
        deletion.mutate(group.id, { onSuccess: () => notify.success(t('prefill.deleted')) }),
    });

  return (
    <Modal
      title={t('prefill.manageTitle')}
      open={open}
      centered
      width={Math.min(width, 760)}
      footer={null}
      onCancel={onClose}
    >
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
        <Segmented<PrefillGroupType>
          value={type}
          onChange={setType}
          options={PREFILL_GROUP_TYPES.map((value) => ({
            value,
            label: t(`prefill.types.${value}`),
          }))}
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setDraft({ name: '', type, items: [], description: '' })}
        >
          {t('prefill.create')}
        </Button>
      </Space>
      <Table<PrefillGroup>
        rowKey="id"
        size="small"
        loading={groupsQuery.isFetching}
        dataSource={groupsQuery.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content', y: 360 }}
        locale={{ emptyText: t('prefill.empty') }}
        columns={[
          { title: t('prefill.name'), dataIndex: 'name', width: 160 },
          {
            title: t('prefill.items'),
            dataIndex: 'items',
            render: (items: string[]) => (
              <Space size={[4, 4]} wrap>
                {items.slice(0, PREVIEW_ITEMS).map((item) => (
                  <Tag key={item}>{item}</Tag>
                ))}
                {items.length > PREVIEW_ITEMS ? (
                  <Typography.Text type="secondary">
                    {t('prefill.moreItems', { count: items.length - PREVIEW_ITEMS })}
                  </Typography.Text>
                ) : null}
              </Space>
            ),
          },
          {
            title: t('prefill.description'),
            dataIndex: 'description',
            ellipsis: true,
            width: 160,
          },
          {
            title: t('columns.actions'),
            key: 'actions',
            width: 130,
            render: (_, group) => (
              <Space size={4}>
                <Button
                  size="small"
                  onClick={() =>
                    setDraft({
                      id: group.id,
                      name: group.name,
                      type: group.type as PrefillGroupType,
                      items: group.items,
                      description: group.description,
                    })
                  }
                >
                  {t('actions.edit')}
                </Button>
                <Button size="small" danger onClick={() => remove(group)}>
                  {t('actions.delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <PrefillGroupEditor draft={draft} onClose={() => setDraft(null)} />
    </Modal>
  );
}
