import { Drawer } from 'antd';
import type { ReactNode } from 'react';
import { useDrawerWidth } from '../../lib/use-is-mobile';
import { FormActions } from './form-actions';

interface FormDrawerProps {
  open: boolean;
  title: ReactNode;
  /** New rows open from the left, edits from the right (as the reference console). */
  placement: 'left' | 'right';
  onClose: () => void;
  onSubmit: () => void;
  submitting: boolean;
  submitDisabled?: boolean;
  /**
   * Keep the form mounted while closed (a form that resets itself after a save); by default
   * the content is destroyed on close, so each opening starts afresh.
   */
  keepMounted?: boolean;
  children: ReactNode;
}

/** A side drawer holding one form, full screen on phones, with cancel and submit at its foot. */
export function FormDrawer({
  open,
  title,
  placement,
  onClose,
  onSubmit,
  submitting,
  submitDisabled,
  keepMounted = false,
  children,
}: FormDrawerProps) {
  const drawerWidth = useDrawerWidth();
  return (
    <Drawer
      placement={placement}
      size={drawerWidth}
      open={open}
      onClose={onClose}
      title={title}
      destroyOnHidden={!keepMounted}
      forceRender={keepMounted}
      footer={
        <FormActions
          onCancel={onClose}
          onSubmit={onSubmit}
          submitting={submitting}
          submitDisabled={submitDisabled}
        />
      }
    >
      {children}
    </Drawer>
  );
}
