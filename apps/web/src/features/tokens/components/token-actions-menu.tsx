import { MoreOutlined } from '@ant-design/icons';
import { TOKEN_STATUS } from '@tollgate/contracts';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Token } from '../api';
import { useChatLauncher } from './chat-open-button';
import { copyTokenKey } from './token-key-cell';
import { useConfirm } from '../../../lib/use-confirm';

interface TokenActionsMenuProps {
  token: Token;
  onEdit: (token: Token) => void;
  onToggle: (token: Token) => void;
  onDelete: (token: Token) => void;
}

/** Every row action behind one button, for phones where the row buttons would not fit. */
export function TokenActionsMenu({ token, onEdit, onToggle, onDelete }: TokenActionsMenuProps) {
  const { t } = useTranslation('tokens');
  const confirm = useConfirm();
  const chat = useChatLauncher();

  const items: MenuProps['items'] = [
    { key: 'copy', label: t('key.copy') },
    chat.clients.length > 1
      ? {
          key: 'chat',
          label: t('chat.open'),
          children: chat.clients.map((client, index) => ({
            key: `chat:${index}`,
            label: client.name,
          })),
        }
      : { key: 'chat:0', label: t('chat.open') },
    {
      key: 'toggle',
      label: token.status === TOKEN_STATUS.enabled ? t('actions.disable') : t('actions.enable'),
    },
    { key: 'edit', label: t('actions.edit') },
    { type: 'divider' },
    { key: 'delete', label: t('actions.delete'), danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    domEvent.stopPropagation();
    if (key === 'copy') void copyTokenKey(token);
    else if (key.startsWith('chat:')) {
      chat.open(chat.clients[Number(key.slice('chat:'.length))]?.template, token);
    } else if (key === 'toggle') onToggle(token);
    else if (key === 'edit') onEdit(token);
    else if (key === 'delete') {
      confirm({
        title: t('actions.confirmDelete'),
        content: t('actions.confirmDeleteDetail'),
        danger: true,
        onOk: () => onDelete(token),
      });
    }
  };

  return (
    <Dropdown trigger={['click']} placement="bottomRight" menu={{ items, onClick }}>
      <Button size="small" icon={<MoreOutlined />} aria-label={t('columns.actions')} />
    </Dropdown>
  );
}
