import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';

interface FormActionsProps {
  onCancel: () => void;
  onSubmit: () => void;
  /** The submit button spins while the save is under way. */
  submitting: boolean;
  /** Set while there is nothing to submit yet (the row is still loading, or locked). */
  submitDisabled?: boolean;
}

/** Cancel and submit, right-aligned: the foot of every form drawer and form page. */
export function FormActions({ onCancel, onSubmit, submitting, submitDisabled }: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
      <Button onClick={onCancel}>{t('common:cancel')}</Button>
      <Button type="primary" loading={submitting} disabled={submitDisabled} onClick={onSubmit}>
        {t('common:submit')}
      </Button>
    </Space>
  );
}
