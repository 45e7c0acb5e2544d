import { LogoutOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notifier';
import { stringToColor } from '../../../lib/string-color';
import type { StoredUser } from '../../../session/stored-user';
import { useSignOut } from '../../../session/sign-out';

interface UserMenuProps {
  user: StoredUser;
  compact: boolean;
}

/** Avatar with the username; its menu signs out. */
export function UserMenu({ user, compact }: UserMenuProps) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const signOut = useSignOut();

  const onLogout = async () => {
    await signOut();
    notify.success(t('topBar.logoutSuccess'));
    navigate('/login');
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [{ key: 'logout', icon: <LogoutOutlined />, label: t('topBar.logout') }],
        onClick: ({ key }) => {
          if (key === 'logout') void onLogout();
        },
      }}
    >
      <Button type="text" className="tg-user-button" aria-label={user.username}>
        <Space size={6}>
          <Avatar size="small" style={{ backgroundColor: stringToColor(user.username) }}>
            {user.username.slice(0, 1).toUpperCase()}
          </Avatar>
          {!compact && <span className="tg-username">{user.username}</span>}
        </Space>
      </Button>
    </Dropdown>
  );
}
