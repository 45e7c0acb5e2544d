import { CopyOutlined, EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../../lib/clipboard';
import { isMaskedKey, revealTokenKey } from '../../../session/token-keys';

/**
 * A key as the list shows it: the server sends it masked (`abcd**********wxyz`); a full key (the
 * operator turned `TokenKeysInLists` on) is shortened here the same way.
 */
export function maskedKey(key: string): string {
  if (isMaskedKey(key) || key.length <= 8) return `sk-${key}`;
  return `sk-${key.slice(0, 4)}${'*'.repeat(10)}${key.slice(-4)}`;
}

/** The token's full key: from the list when it is whole there, else from the reveal route. */
export async function fullTokenKey(token: { id: number; key: string }): Promise<string> {
  return isMaskedKey(token.key) ? revealTokenKey(token.id) : token.key;
}

/** Copies `sk-` + the token's full key, read from the server when the list masks it. */
export async function copyTokenKey(token: { id: number; key: string }): Promise<void> {
  let key: string;
  try {
    key = await fullTokenKey(token);
  } catch {
    return; // The client has shown why.
  }
  await copyWithFeedback(`sk-${key}`);
}

/** The key of a token: masked, with a button that shows it whole and one that copies it. */
export function TokenKeyCell({ token }: { token: { id: number; key: string } }) {
  const { t } = useTranslation('tokens');
  const [revealed, setRevealed] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const toggle = async () => {
    if (revealed !== undefined) {
      setRevealed(undefined);
      return;
    }
    setBusy(true);
    try {
      setRevealed(await fullTokenKey(token));
    } catch {
      // The client has shown why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space size={0}>
      <Typography.Text code className="tg-token-key" data-testid="token-key">
        {revealed !== undefined ? `sk-${revealed}` : maskedKey(token.key)}
      </Typography.Text>
      <Tooltip title={revealed !== undefined ? t('key.hide') : t('key.show')}>
        <Button
          type="text"
          size="small"
          loading={busy}
          aria-label={revealed !== undefined ? t('key.hide') : t('key.show')}
          icon={revealed !== undefined ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          onClick={() => void toggle()}
        />
      </Tooltip>
      <Tooltip title={t('key.copy')}>
        <Button
          type="text"
          size="small"
          aria-label={t('key.copy')}
          icon={<CopyOutlined />}
          onClick={() =>
            void (revealed !== undefined ? copyWithFeedback(`sk-${revealed}`) : copyTokenKey(token))
          }
        />
      </Tooltip>
    </Space>
  );
}
