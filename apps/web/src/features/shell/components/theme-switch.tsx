import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Switch, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useThemeMode } from '../../../theme/theme-mode';

/** Light/dark switch; checked means dark. */
export function ThemeSwitch() {
  const { t } = useTranslation('shell');
  const { mode, setMode } = useThemeMode();
  const label = mode === 'dark' ? t('topBar.switchToLight') : t('topBar.switchToDark');
  return (
    <Tooltip title={label}>
      <Switch
        aria-label={label}
        checked={mode === 'dark'}
        checkedChildren={<MoonOutlined />}
        unCheckedChildren={<SunOutlined />}
        onChange={(checked) => setMode(checked ? 'dark' : 'light')}
      />
    </Tooltip>
  );
}
