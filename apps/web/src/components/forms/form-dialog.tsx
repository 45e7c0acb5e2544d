import { Modal, type ModalProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type FormDialogProps = {
  open: boolean;
  title: ReactNode;
  /** The confirm button's text; "OK" by default. */
  okText?: ReactNode;
  /** The confirm button spins while the request is under way. */
  submitting?: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
} & Pick<ModalProps, 'width' | 'forceRender' | 'destroyOnHidden' | 'okButtonProps'>;

/** A centred dialog around a small form: confirm runs `onSubmit`, cancel and × run `onCancel`. */
export function FormDialog({
  open,
  title,
  okText,
  submitting,
  onSubmit,
  onCancel,
  children,
  ...modalProps
}: FormDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      title={title}
      open={open}
      centered
      okText={okText ?? t('common:ok')}
      cancelText={t('common:cancel')}
      confirmLoading={submitting}
      onOk={onSubmit}
      onCancel={onCancel}
      {...modalProps}
    >
      {children}
    </Modal>
  );
}

/** What every dialog or drawer its page opens and closes takes. */
export interface DialogProps {
  open: boolean;
  onClose: () => void;
}
