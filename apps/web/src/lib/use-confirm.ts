import { App } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What a confirmation asks. */
export interface Confirmation {
  title: ReactNode;
  content?: ReactNode;
  /** Runs when the user confirms; a returned promise keeps the dialog's button loading. */
  onOk: () => unknown;
  /** Runs when the user cancels or closes the dialog. */
  onCancel?: () => void;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
  /** Button texts other than OK and Cancel. */
  okText?: ReactNode;
  cancelText?: ReactNode;
}

/** The console's confirmation dialog: centred, with the translated OK and Cancel. */
export function useConfirm(): (confirmation: Confirmation) => void {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  return ({ title, content, onOk, onCancel, danger = false, okText, cancelText }) => {
    modal.confirm({
      title,
      content,
      centered: true,
      okText: okText ?? t('common:ok'),
      cancelText: cancelText ?? t('common:cancel'),
      okButtonProps: { danger },
      onOk,
      onCancel,
    });
  };
}
