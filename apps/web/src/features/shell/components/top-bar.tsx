import { KeyOutlined, LoginOutlined, MenuOutlined } from '@ant-design/icons';
import { Button, Menu, Space, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useStoredUser } from '../../../session/stored-user';
import { useStatus } from '../../../status/status-store';
import { LanguageMenu } from './language-menu';
import { ModeBadge } from './mode-badge';
import { ThemeSwitch } from './theme-switch';
import { UserMenu } from './user-menu';

interface TopBarProps {
  isMobile: boolean;
  onOpenSidebar: () => void;
}

/** Top bar: brand, main links, theme switch, language menu and the account area. */
export function TopBar({ isMobile, onOpenSidebar }: TopBarProps) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const status = useStatus();
  const user = useStoredUser();
  const systemName = status.system_name || 'Tollgate';
  const logo = status.logo || '/logo.svg';

  const links: MenuProps['items'] = [
    { key: '/', label: <Link to="/">{t('topBar.home')}</Link> },
    { key: '/detail', label: <Link to="/detail">{t('topBar.console')}</Link> },
    { key: '/pricing', label: <Link to="/pricing">{t('topBar.pricing')}</Link> },
    ...(status.docs_link
      ? [
          {
            key: 'docs',
            label: (
              <a href={status.docs_link} target="_blank" rel="noopener noreferrer">
                {t('topBar.docs')}
              </a>
            ),
          },
        ]
      : []),
    { key: '/about', label: <Link to="/about">{t('topBar.about')}</Link> },
  ];

  return (
    <div className="tg-top-bar">
      {isMobile && (
        <Button
          type="text"
          icon={<MenuOutlined />}
          aria-label={t('sidebar.expand')}
          onClick={onOpenSidebar}
        />
      )}
      <Link to="/" className="tg-brand">
        <img src={logo} alt="" className="tg-brand-logo" />
        {!isMobile && <span className="tg-brand-name">{systemName}</span>}
        <ModeBadge />
      </Link>
      <Menu
        mode="horizontal"
        items={links}
        selectedKeys={[pathname]}
        className="tg-top-menu"
        disabledOverflow={false}
      />
      <Space size={isMobile ? 4 : 8} className="tg-top-actions">
        <ThemeSwitch />
        <LanguageMenu />
        {user ? (
          <UserMenu user={user} compact={isMobile} />
        ) : (
          <>
            <Link to="/login">
              <Button type="text" icon={<LoginOutlined />} aria-label={t('topBar.login')}>
                {!isMobile && t('topBar.login')}
              </Button>
            </Link>
            {!isMobile && !status.self_use_mode_enabled && (
              <Link to="/register">
                <Button type="primary" icon={<KeyOutlined />}>
                  {t('topBar.register')}
                </Button>
              </Link>
            )}
          </>
        )}
      </Space>
    </div>
  );
}
