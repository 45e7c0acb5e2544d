import { CopyOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../../lib/clipboard';

/** `sk-` + the first and last four characters: enough to tell keys apart without showing one. */
export function maskedKey(key: string): string {
  if (key.length <= 8) return `sk-${key}`;
  return `sk-${key.slice(0, 4)}…${key.slice(-4)}`;
}

/** The key of a token: masked until clicked, with a button that copies `sk-` + key. */
export function TokenKeyCell({ tokenKey }: { tokenKey: string }) {
  const { t } = useTranslation('tokens');
  const [revealed, setRevealed] = useState(false);
  return (
    <Space size={0}>
      <Tooltip title={revealed ? t('key.hide') : t('key.show')}>
        <Typography.Text
          code
          role="button"
          tabIndex={0}
          className="tg-token-key"
          onClick={() => setRevealed((value) => !value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ' ') setRevealed((value) => !value);
          }}
        >
          {revealed ? `sk-${tokenKey}` : maskedKey(tokenKey)}
        </Typography.Text>
      </Tooltip>
      <Tooltip title={t('key.copy')}>
        <Button
          type="text"
          size="small"
          aria-label={t('key.copy')}
          icon={<CopyOutlined />}
          onClick={() => void copyWithFeedback(`sk-${tokenKey}`)}
        />
      </Tooltip>
    </Space>
  );
}
