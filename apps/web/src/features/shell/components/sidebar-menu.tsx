import {
  AppstoreOutlined,
  BarChartOutlined,
  CommentOutlined,
  CreditCardOutlined,
  CrownOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  GiftOutlined,
  KeyOutlined,
  MessageOutlined,
  PictureOutlined,
  SettingOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { readFlag, readString } from '../../../lib/local-store';
import { notify } from '../../../lib/notifier';
import { storageKeys } from '../../../lib/storage-keys';
import { useStoredUser } from '../../../session/stored-user';
import { useStatus } from '../../../status/status-store';
import { parseChatEntries, visibleSidebarGroups } from './sidebar-rules';

const icons: Record<string, ReactNode> = {
  playground: <CommentOutlined />,
  chat: <MessageOutlined />,
  detail: <DashboardOutlined />,
  token: <KeyOutlined />,
  log: <BarChartOutlined />,
  midjourney: <PictureOutlined />,
  task: <UnorderedListOutlined />,
  channel: <AppstoreOutlined />,
  models: <DatabaseOutlined />,
  redemption: <GiftOutlined />,
  subscription: <CrownOutlined />,
  user: <TeamOutlined />,
  setting: <SettingOutlined />,
  topup: <CreditCardOutlined />,
  personal: <UserOutlined />,
};

type MenuItem = NonNullable<MenuProps['items']>[number];

interface SidebarMenuProps {
  collapsed?: boolean;
  /** Called after a click navigates (the mobile drawer closes itself). */
  onNavigate?: () => void;
}

/** The sidebar's menu: groups, role and flag rules, and the chat submenu. */
export function SidebarMenu({ collapsed = false, onNavigate }: SidebarMenuProps) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = useStoredUser();
  // Re-read the stored flags and chats whenever a fresh status payload arrives.
  const status = useStatus();

  const chats = useMemo(() => parseChatEntries(readString(storageKeys.chats)), [status]);
  useEffect(() => {
    if (chats.failed) notify.error(t('errors:chatDataParseFailed'));
  }, [chats.failed, t]);

  const items = useMemo<MenuItem[]>(() => {
    const groups = visibleSidebarGroups({
      role: user?.role ?? null,
      flags: {
        enable_data_export: readFlag(storageKeys.enableDataExport),
        enable_drawing: readFlag(storageKeys.enableDrawing),
        enable_task: readFlag(storageKeys.enableTask),
      },
    });
    const result: MenuItem[] = [];
    groups.forEach((group, index) => {
      const children: MenuItem[] = group.entries.map((entry) => ({
        key: entry.path,
        icon: icons[entry.key],
        label: t(entry.labelKey),
      }));
      if (group.withChats && chats.entries.length > 0) {
        children.push({
          key: 'chat',
          icon: icons.chat,
          label: t('nav.chat'),
          children: chats.entries.map((chat) => ({ key: chat.path, label: chat.name })),
        });
      }
      if (index > 0) result.push({ type: 'divider', key: `${group.key}-divider` });
      if (group.labelKey && !collapsed) {
        result.push({ type: 'group', key: group.key, label: t(group.labelKey), children });
      } else {
        result.push(...children);
      }
    });
    return result;
  }, [user, chats, collapsed, t, status]);

  const selectedKey = pathname.startsWith('/chat/') ? pathname : `/${pathname.split('/')[1]}`;

  return (
    <Menu
      mode="inline"
      inlineCollapsed={collapsed}
      items={items}
      selectedKeys={[selectedKey]}
      defaultOpenKeys={pathname.startsWith('/chat/') ? ['chat'] : []}
      style={{ borderInlineEnd: 'none' }}
      onClick={({ key }) => {
        navigate(key);
        onNavigate?.();
      }}
    />
  );
}
