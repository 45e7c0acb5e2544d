import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Divider, Popover, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ColumnSetting {
  key: string;
  label: ReactNode;
}

interface ColumnSettingsProps {
  columns: ColumnSetting[];
  isVisible: (key: string) => boolean;
  onChange: (key: string, visible: boolean) => void;
  onReset: () => void;
}

/** Popover listing the hideable columns of a table with a checkbox each. */
export function ColumnSettings({ columns, isVisible, onChange, onReset }: ColumnSettingsProps) {
  const { t } = useTranslation();
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('table.columnSettings')}
      content={
        <div style={{ minWidth: 160 }}>
          <Space orientation="vertical">
            {columns.map((column) => (
              <Checkbox
                key={column.key}
                checked={isVisible(column.key)}
                onChange={(event) => onChange(column.key, event.target.checked)}
              >
                {column.label}
              </Checkbox>
            ))}
          </Space>
          <Divider style={{ margin: '8px 0' }} />
          <Button size="small" type="link" onClick={onReset} style={{ padding: 0 }}>
            {t('table.resetColumns')}
          </Button>
        </div>
      }
    >
      <Button icon={<SettingOutlined />} aria-label={t('table.columnSettings')} />
    </Popover>
  );
}
