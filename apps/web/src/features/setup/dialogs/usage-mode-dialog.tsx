import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DialogProps } from '../../../components/forms/form-dialog';

/** Explains the three usage modes offered by the setup wizard. */
export function UsageModeDialog({ open, onClose }: DialogProps) {
  const { t } = useTranslation('setup');
  const modes = [
    { key: 'external', paragraphs: [t('modes.external.summary'), t('modes.external.detail')] },
    { key: 'self', paragraphs: [t('modes.self.summary'), t('modes.self.detail')] },
    { key: 'demo', paragraphs: [t('modes.demo.summary')] },
  ];
  return (
    <Modal
      title={t('modes.dialogTitle')}
      open={open}
      onOk={onClose}
      onCancel={onClose}
      okText={t('common:ok')}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      {modes.map((mode) => (
        <div key={mode.key} style={{ padding: '8px 0' }}>
          <Typography.Title level={5}>{t(`modes.${mode.key}.name`)}</Typography.Title>
          {mode.paragraphs.map((paragraph) => (
            <Typography.Paragraph key={paragraph}>{paragraph}</Typography.Paragraph>
          ))}
        </div>
      ))}
    </Modal>
  );
}
