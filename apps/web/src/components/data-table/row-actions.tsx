import { Button, Popconfirm, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One action button of a table row, optionally behind a confirmation. */
export interface RowAction {
  key: string;
  label: ReactNode;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
  /** Ask before acting. */
  confirm?: { title: ReactNode; description?: ReactNode };
}

/** The action buttons of a table row. */
export function RowActions({ actions }: { actions: RowAction[] }) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      {actions.map((action) => {
        const button = (
          <Button
            key={action.key}
            size="small"
            danger={action.danger}
            disabled={action.disabled}
            onClick={action.confirm ? undefined : action.onClick}
          >
            {action.label}
          </Button>
        );
        if (!action.confirm || action.disabled) return button;
        return (
          <Popconfirm
            key={action.key}
            title={action.confirm.title}
            description={action.confirm.description}
            okText={t('ok')}
            cancelText={t('cancel')}
            okButtonProps={{ danger: action.danger }}
            onConfirm={action.onClick}
          >
            {button}
          </Popconfirm>
        );
      })}
    </Space>
  );
}
