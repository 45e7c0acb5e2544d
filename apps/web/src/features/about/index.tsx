import { Card, Result, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../components/page-loading';
import { RichContentView } from '../../components/rich-content-view';
import { writeString } from '../../lib/local-store';
import { storageKeys } from '../../lib/storage-keys';
import { useRichContent } from '../../lib/use-rich-content';
import { useAboutQuery } from './queries';

/** About page: the configured text, a framed address, or a default explanation. */
export default function AboutPage() {
  const { t } = useTranslation('content');
  const query = useAboutQuery();

  useEffect(() => {
    if (query.isSuccess && !query.isPlaceholderData) writeString(storageKeys.about, query.data);
  }, [query.isSuccess, query.isPlaceholderData, query.data]);

  const content = useRichContent(query.data);

  if (query.isError) return <Result status="warning" title={t('about.loadFailed')} />;
  if (query.isPending || !content) return <PageLoading />;
  if (content.kind === 'empty') {
    return (
      <Card title={t('about.title')}>
        <Typography.Paragraph>{t('about.emptyHint')}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('about.product')}</Typography.Paragraph>
      </Card>
    );
  }
  return <RichContentView content={content} />;
}
