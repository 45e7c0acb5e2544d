import { DownOutlined } from '@ant-design/icons';
import { PREFILL_GROUP_NAME_MAX_LENGTH } from '@tollgate/contracts';
import { Button, Dropdown, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifier';
import { useDrawerWidth } from '../../../lib/use-is-mobile';
import { PrefillGroupsModal } from './prefill-groups-modal';
import { usePrefillGroupsQuery, useSavePrefillGroupMutation } from './prefill-group-queries';

interface ModelListPickerProps {
  /** The models in the field now (what "save as list" stores). */
  models: string[];
  /** Adds a saved list's models to the field (the field merges and removes repeats). */
  onInsert: (models: string[]) => void;
}

/**
 * The models field's saved lists (prefill groups of type `model`): insert one, save the current
 * models as a new one, or open the management dialog.
 */
export function ModelListPicker({ models, onInsert }: ModelListPickerProps) {
  const { t } = useTranslation('channels');
  const width = useDrawerWidth();
  const [menuOpen, setMenuOpen] = useState(false);
  const [managing, setManaging] = useState(false);
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState('');
  // Fetched on first opening of the menu, not with every editor.
  const groupsQuery = usePrefillGroupsQuery('model', menuOpen);
  const mutation = useSavePrefillGroupMutation();
  const groups = groupsQuery.data ?? [];

  const save = () => {
    if (name.trim() === '') {
      notify.error(t('prefill.nameRequired'));
      return;
    }
    mutation.mutate(
      { name: name.trim(), type: 'model', items: models, description: '' },
      {
        onSuccess: () => {
          notify.success(t('prefill.savedList', { name: name.trim() }));
          setSaving(false);
          setName('');
        },
      },
    );
  };

  return (
    <>
      <Dropdown
        trigger={['click']}
        open={menuOpen}
        onOpenChange={setMenuOpen}
        menu={{
          style: { maxHeight: 320, overflowY: 'auto' },
          items:
            groups.length > 0
              ? groups.map((group) => ({
                  key: String(group.id),
                  label: t('prefill.insertItem', { name: group.name, count: group.items.length }),
                }))
              : [
                  {
                    key: 'none',
                    disabled: true,
                    label: groupsQuery.isFetching ? t('prefill.loading') : t('prefill.empty'),
                  },
                ],
          onClick: ({ key }) => {
            const group = groups.find((candidate) => String(candidate.id) === key);
            if (!group) return;
            onInsert(group.items);
            notify.success(t('prefill.inserted', { name: group.name }));
          },
        }}
      >
        <Button size="small">
          {t('prefill.insert')} <DownOutlined />
        </Button>
      </Dropdown>
      <Button size="small" disabled={models.length === 0} onClick={() => setSaving(true)}>
        {t('prefill.saveCurrent')}
      </Button>
      <Button size="small" type="link" onClick={() => setManaging(true)}>
        {t('prefill.manage')}
      </Button>
      <Modal
        title={t('prefill.saveCurrentTitle', { count: models.length })}
        open={saving}
        centered
        width={Math.min(width, 420)}
        okText={t('common:submit')}
        cancelText={t('common:cancel')}
        confirmLoading={mutation.isPending}
        onOk={save}
        onCancel={() => setSaving(false)}
      >
        <Input
          autoFocus
          value={name}
          maxLength={PREFILL_GROUP_NAME_MAX_LENGTH}
          placeholder={t('prefill.namePlaceholder')}
          aria-label={t('prefill.name')}
          onChange={(event) => setName(event.target.value)}
          onPressEnter={save}
        />
      </Modal>
      <PrefillGroupsModal open={managing} onClose={() => setManaging(false)} />
    </>
  );
}
