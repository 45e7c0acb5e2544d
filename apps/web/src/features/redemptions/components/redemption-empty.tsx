import { Button, Empty } from 'antd';
import { useTranslation } from 'react-i18next';

interface RedemptionEmptyProps {
  /** The list failed to load (the error itself was already shown as a toast). */
  failed: boolean;
  /** A search is active: nothing matched, rather than no codes at all. */
  searching: boolean;
  onRetry: () => void;
  onCreate: () => void;
}

/** What the list shows when it has no rows: why, and the one thing to do about it. */
export function RedemptionEmpty({ failed, searching, onRetry, onCreate }: RedemptionEmptyProps) {
  const { t } = useTranslation('redemptions');
  if (failed) {
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty.failed')}>
        <Button onClick={onRetry}>{t('empty.retry')}</Button>
      </Empty>
    );
  }
  if (searching) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty.noMatch')} />;
  }
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty.none')}>
      <Button type="primary" onClick={onCreate}>
        {t('add')}
      </Button>
    </Empty>
  );
}
