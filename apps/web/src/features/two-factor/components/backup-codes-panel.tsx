import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../../lib/clipboard';
import { useStatus } from '../../../status/status-store';

/** Saves `text` as a file through a temporary link. */
function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** New backup codes, shown once: the warning, the codes, and copy / download. */
export function BackupCodesPanel({ codes }: { codes: string[] }) {
  const { t } = useTranslation('twoFactor');
  const systemName = useStatus().system_name || 'Tollgate';
  const asText = codes.join('\n');

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Alert type="warning" showIcon title={t('backupCodes.warning')} />
      <div
        data-testid="backup-codes"
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))',
          gap: 8,
          fontFamily: 'monospace',
        }}
      >
        {codes.map((code) => (
          <Typography.Text key={code} code style={{ textAlign: 'center', fontSize: 15 }}>
            {code}
          </Typography.Text>
        ))}
      </div>
      <Space wrap>
        <Button
          icon={<CopyOutlined />}
          onClick={() => void copyWithFeedback(asText, t('backupCodes.copied'))}
        >
          {t('backupCodes.copy')}
        </Button>
        <Button
          icon={<DownloadOutlined />}
          onClick={() =>
            downloadText(
              `${systemName}-backup-codes.txt`,
              `${t('backupCodes.fileHeader', { system: systemName })}\n\n${asText}\n`,
            )
          }
        >
          {t('backupCodes.download')}
        </Button>
      </Space>
    </Space>
  );
}
