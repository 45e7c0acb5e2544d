import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a settings tab shows until the own user has loaded: a loading card, or a retry. */
export function SelfLoadState({ query }: { query: Pick<UseQueryResult, 'isError' | 'refetch'> }) {
  const { t } = useTranslation('personal');
  if (!query.isError) return <Card loading />;
  return (
    <Result
      status="warning"
      title={t('loadFailed')}
      extra={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
    />
  );
}
