import { DownOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, Switch, Typography, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../../components/add-button';
import { useConfirm } from '../../../lib/use-confirm';

export interface ListSwitches {
  idSort: boolean;
  tagMode: boolean;
  batchMode: boolean;
}

interface ChannelListSwitchesProps {
  value: ListSwitches;
  onChange: (next: ListSwitches) => void;
}

/** Id-sort, batch-selection and tag-aggregate switches. */
export function ChannelListSwitches({ value, onChange }: ChannelListSwitchesProps) {
  const { t } = useTranslation('channels');
  const item = (key: keyof ListSwitches, label: string) => (
    <label style={{ display: 'inline-flex', alignItems: 'center', gap: 6, cursor: 'pointer' }}>
      <Switch
        size="small"
        checked={value[key]}
        onChange={(checked) => onChange({ ...value, [key]: checked })}
      />
      <Typography.Text>{label}</Typography.Text>
    </label>
  );
  return (
    <Space wrap size={16}>
      {item('idSort', t('switches.idSort'))}
      {item('batchMode', t('switches.batch'))}
      {item('tagMode', t('switches.tagMode'))}
    </Space>
  );
}

export interface BulkHandlers {
  onTestAll: () => void;
  onRefreshAllBalances: () => void;
  onDeleteDisabled: () => void;
  onFix: () => void;
  onDetectUpstreamUpdates: () => void;
  onDeleteSelected: () => void;
  onSetTag: () => void;
}

interface ChannelListActionsProps {
  batchMode: boolean;
  selectedCount: number;
  busy: boolean;
  onAdd: () => void;
  onRefresh: () => void;
  bulk: BulkHandlers;
}

/** Add, refresh, the bulk actions (each confirmed first) and, in batch mode, the selection's. */
export function ChannelListActions(props: ChannelListActionsProps) {
  const { t } = useTranslation('channels');
  const ask = useConfirm();
  const confirm = (title: ReactNode, content: ReactNode, onOk: () => void, danger = false) =>
    ask({ title, content, onOk, danger });

  const items: MenuProps['items'] = [
    { key: 'test-all', label: t('toolbar.testAll') },
    { key: 'refresh-balances', label: t('toolbar.refreshAllBalances') },
    { key: 'detect-upstream', label: t('toolbar.detectUpstreamUpdates') },
    { type: 'divider' },
    { key: 'delete-disabled', label: t('toolbar.deleteDisabled'), danger: true },
    { key: 'fix', label: t('toolbar.fix') },
  ];

  const onBulk: MenuProps['onClick'] = ({ key }) => {
    switch (key) {
      case 'test-all':
        return confirm(t('toolbar.testAll'), t('confirm.testAll'), props.bulk.onTestAll);
      case 'refresh-balances':
        return confirm(
          t('toolbar.refreshAllBalances'),
          t('confirm.refreshAllBalances'),
          props.bulk.onRefreshAllBalances,
        );
      case 'detect-upstream':
        return confirm(
          t('toolbar.detectUpstreamUpdates'),
          t('confirm.detectUpstreamUpdates'),
          props.bulk.onDetectUpstreamUpdates,
        );
      case 'delete-disabled':
        return confirm(
          t('confirm.deleteDisabled'),
          t('confirm.irreversible'),
          props.bulk.onDeleteDisabled,
          true,
        );
      case 'fix':
        return confirm(t('confirm.fix'), t('confirm.fixDetail'), props.bulk.onFix);
    }
  };

  return (
    <Space wrap>
      {props.batchMode && (
        <>
          <Typography.Text type="secondary">
            {t('toolbar.selected', { count: props.selectedCount })}
          </Typography.Text>
          <Button
            danger
            onClick={() =>
              props.selectedCount === 0
                ? props.bulk.onDeleteSelected()
                : confirm(
                    t('confirm.deleteSelected', { count: props.selectedCount }),
                    t('confirm.irreversible'),
                    props.bulk.onDeleteSelected,
                    true,
                  )
            }
          >
            {t('toolbar.deleteSelected')}
          </Button>
          <Button onClick={props.bulk.onSetTag}>{t('toolbar.setTag')}</Button>
        </>
      )}
      <AddButton onClick={props.onAdd}>{t('toolbar.add')}</AddButton>
      <Button icon={<ReloadOutlined />} onClick={props.onRefresh}>
        {t('toolbar.refresh')}
      </Button>
      <Dropdown menu={{ items, onClick: onBulk }} trigger={['click']} disabled={props.busy}>
        <Button loading={props.busy}>
          <Space size={4}>
            {t('toolbar.bulk')}
            <DownOutlined />
          </Space>
        </Button>
      </Dropdown>
    </Space>
  );
}
