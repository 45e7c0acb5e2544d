import { Button, DatePicker, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifier';
import { useConfirm } from '../../../lib/use-confirm';
import { clearLogsBefore } from '../api';

/** Removes every log older than a chosen time, after a confirmation; says how many went. */
export function ClearLogs() {
  const { t } = useTranslation('settings');
  const confirm = useConfirm();
  const [before, setBefore] = useState<Dayjs | null>(null);
  const [clearing, setClearing] = useState(false);

  const clear = () => {
    if (!before) {
      notify.error(t('operation.logs.pickDate'));
      return;
    }
    confirm({
      title: t('operation.logs.confirmTitle'),
      content: t('operation.logs.confirmContent', { time: before.format('YYYY-MM-DD HH:mm:ss') }),
      danger: true,
      onOk: async () => {
        setClearing(true);
        try {
          const removed = await clearLogsBefore(before.unix());
          notify.success(t('operation.logs.cleared', { count: removed }));
        } finally {
          setClearing(false);
        }
      },
    });
  };

  return (
    <div className="tg-settings-tool">
      <div className="tg-settings-tool-label">{t('operation.logs.clearTitle')}</div>
      <Space wrap>
        <DatePicker
          showTime
          value={before}
          onChange={setBefore}
          placeholder={t('operation.logs.pickDate')}
          aria-label={t('operation.logs.pickDate')}
        />
        <Button danger onClick={clear} loading={clearing}>
          {t('operation.logs.clear')}
        </Button>
      </Space>
    </div>
  );
}
