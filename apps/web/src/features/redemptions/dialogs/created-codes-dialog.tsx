import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../../lib/clipboard';
import { downloadTextFile } from '../download-text-file';
import { codesFileName, codesFileText } from '../rules/codes-file';

/** The codes one create call made, and the name they were made under. */
export interface CreatedCodes {
  name: string;
  keys: string[];
}

interface CreatedCodesDialogProps {
  created: CreatedCodes | null;
  onClose: () => void;
}

/**
 * Shows the new codes right after they are made and offers them as `<name>.txt` (one key per
 * line) or copied all at once.
 */
export function CreatedCodesDialog({ created, onClose }: CreatedCodesDialogProps) {
  const { t } = useTranslation('redemptions');
  const keys = created?.keys ?? [];
  const text = codesFileText(keys);
  const fileName = codesFileName(created?.name ?? '');

  return (
    <Modal
      open={created !== null}
      centered
      title={t('created.title')}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('created.close')}
        </Button>,
        <Button
          key="copy"
          icon={<CopyOutlined />}
          onClick={() =>
            void copyWithFeedback(text, t('created.copiedAll', { count: keys.length }))
          }
        >
          {t('created.copyAll')}
        </Button>,
        <Button
          key="download"
          type="primary"
          icon={<DownloadOutlined />}
          onClick={() => downloadTextFile(fileName, text)}
        >
          {t('created.download')}
        </Button>,
      ]}
    >
      <Typography.Paragraph>
        {t('created.summary', { count: keys.length, name: created?.name ?? '' })}
      </Typography.Paragraph>
      <Input.TextArea
        readOnly
        aria-label={t('created.keys')}
        className="tg-redemption-keys"
        value={text.trimEnd()}
        autoSize={{ minRows: Math.min(keys.length, 3), maxRows: 10 }}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('created.fileHint', { fileName })}
      </Typography.Paragraph>
    </Modal>
  );
}
