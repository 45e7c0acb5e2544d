import { MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../../lib/clipboard';
import { useConfirm } from '../../../lib/use-confirm';
import type { RedemptionCode } from '../api';
import { canEditCode, statusToggle } from '../rules/code-status';
import type { RedemptionRowHandlers } from './use-redemption-columns';

/** Every row action behind one button, for phones where the row buttons would not fit. */
export function RedemptionActionsMenu({
  code,
  onEdit,
  onToggle,
  onDelete,
}: RedemptionRowHandlers & { code: RedemptionCode }) {
  const { t } = useTranslation('redemptions');
  const confirm = useConfirm();
  const toggle = statusToggle(code.status);

  const items: MenuProps['items'] = [
    { key: 'copy', label: t('actions.copy') },
    { key: 'toggle', label: t(`actions.${toggle.action}`), disabled: toggle.next === null },
    { key: 'edit', label: t('actions.edit'), disabled: !canEditCode(code.status) },
    { type: 'divider' },
    { key: 'delete', label: t('actions.delete'), danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'copy') void copyWithFeedback(code.key);
    else if (key === 'toggle' && toggle.next !== null) onToggle(code, toggle.next);
    else if (key === 'edit') onEdit(code);
    else if (key === 'delete') {
      confirm({
        title: t('actions.confirmDelete'),
        content: t('actions.confirmDeleteDetail'),
        danger: true,
        onOk: () => onDelete(code),
      });
    }
  };

  return (
    <Dropdown trigger={['click']} placement="bottomRight" menu={{ items, onClick }}>
      <Button size="small" icon={<MoreOutlined />} aria-label={t('columns.actions')} />
    </Dropdown>
  );
}
