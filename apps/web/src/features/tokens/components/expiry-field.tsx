import { Button, DatePicker, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  expiryShortcuts,
  expiryTextAfter,
  expiryTextFormat,
  formatLocalDateTime,
  parseExpiryText,
} from '../rules/expiry';

interface ExpiryFieldProps {
  /** Set by the form item, so that its label points at the picker. */
  id?: string;
  /** Local date-time text; '' = never. */
  value?: string;
  onChange?: (value: string) => void;
}

function toDayjs(text: string): Dayjs | null {
  const seconds = parseExpiryText(text);
  return seconds === null || seconds < 0 ? null : dayjs.unix(seconds);
}

/** Expiry picker with the quick buttons: never, one hour, one day, one month. */
export function ExpiryField({ id, value = '', onChange }: ExpiryFieldProps) {
  const { t } = useTranslation('tokens');
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <DatePicker
        id={id}
        showTime
        classNames={{ popup: { root: 'tg-stacked-picker' } }}
        style={{ width: '100%' }}
        format={expiryTextFormat}
        placeholder={t('expiry.never')}
        value={toDayjs(value)}
        onChange={(date: Dayjs | null) => onChange?.(date ? formatLocalDateTime(date.unix()) : '')}
      />
      <Space wrap size={8}>
        {expiryShortcuts.map((shortcut) => (
          <Button
            key={shortcut.key}
            size="small"
            onClick={() => onChange?.(expiryTextAfter(Date.now(), shortcut.seconds))}
          >
            {t(`expiry.shortcuts.${shortcut.key}`)}
          </Button>
        ))}
      </Space>
    </Space>
  );
}
