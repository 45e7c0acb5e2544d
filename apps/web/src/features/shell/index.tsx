import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Layout } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { readFlag } from '../../lib/local-store';
import { storageKeys } from '../../lib/storage-keys';
import { useIsMobile } from '../../lib/use-is-mobile';
import { StatusLoader } from '../../status/status-loader';
import { useStatus } from '../../status/status-store';
import { FooterBar } from './components/footer-bar';
import { SetupGuard } from './components/setup-guard';
import { SidebarMenu } from './components/sidebar-menu';
import { sidebarHiddenOn } from './components/sidebar-rules';
import { TopBar } from './components/top-bar';

const MobileSidebar = lazy(() => import('./components/mobile-sidebar'));

const sidebarWidth = 200;
const collapsedSidebarWidth = 60;

/** The app shell: top bar, collapsible sidebar (a drawer on mobile), content and footer. */
export function AppShell() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const isMobile = useIsMobile();
  const [collapsed, setCollapsed] = useState(() => readFlag(storageKeys.defaultCollapseSidebar));
  const [drawerOpen, setDrawerOpen] = useState(false);
  // A freshly loaded status re-applies the site's default (first visit: nothing was stored yet).
  const defaultCollapsed = useStatus().default_collapse_sidebar;
  useEffect(() => {
    if (defaultCollapsed !== undefined) setCollapsed(defaultCollapsed);
  }, [defaultCollapsed]);
  const showSider = !isMobile && !sidebarHiddenOn(pathname);
  const fullBleed = pathname === '/' || pathname.startsWith('/chat/');

  return (
    <Layout className="tg-shell">
      <StatusLoader />
      <Layout.Header className="tg-header">
        <TopBar isMobile={isMobile} onOpenSidebar={() => setDrawerOpen(true)} />
      </Layout.Header>
      <Layout hasSider={showSider}>
        {showSider && (
          <Layout.Sider
            className="tg-sider"
            theme="light"
            width={sidebarWidth}
            collapsedWidth={collapsedSidebarWidth}
            collapsible
            collapsed={collapsed}
            onCollapse={setCollapsed}
            trigger={
              <span title={collapsed ? t('sidebar.expand') : t('sidebar.collapse')}>
                {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              </span>
            }
          >
            <SidebarMenu collapsed={collapsed} />
          </Layout.Sider>
        )}
        <Layout className="tg-main">
          <Layout.Content className={fullBleed ? 'tg-content tg-content-full' : 'tg-content'}>
            <SetupGuard>
              <Suspense fallback={<PageLoading />}>
                <Outlet />
              </Suspense>
            </SetupGuard>
          </Layout.Content>
          <Layout.Footer>
            <FooterBar />
          </Layout.Footer>
        </Layout>
      </Layout>
      {isMobile && (
        <Suspense fallback={null}>
          <MobileSidebar
            width={sidebarWidth + 40}
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
          />
        </Suspense>
      )}
    </Layout>
  );
}
