import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { SidebarMenu } from './sidebar-menu';

interface MobileSidebarProps {
  width: number;
  open: boolean;
  onClose: () => void;
}

/** The sidebar on a phone: a drawer from the left (its own chunk, fetched on phones only). */
export default function MobileSidebar({ width, open, onClose }: MobileSidebarProps) {
  const { t } = useTranslation('shell');
  return (
    <Drawer
      placement="left"
      size={width}
      open={open}
      onClose={onClose}
      title={t('sidebar.title')}
      styles={{ body: { padding: 0 } }}
    >
      <SidebarMenu onNavigate={onClose} />
    </Drawer>
  );
}
