import { Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../components/page-loading';
import { RichContentView } from '../../components/rich-content-view';
import { writeString } from '../../lib/local-store';
import { storageKeys } from '../../lib/storage-keys';
import { useRichContent } from '../../lib/use-rich-content';
import { SystemOverview } from './components/system-overview';
import { useSiteNotice } from './components/use-site-notice';
import { useHomePageContentQuery } from './queries';

/** Home page: the configured content (Markdown/HTML or a framed address) or a system overview. */
export default function HomePage() {
  const { t } = useTranslation('content');
  const query = useHomePageContentQuery();
  useSiteNotice();

  useEffect(() => {
    if (query.isSuccess && !query.isPlaceholderData)
      writeString(storageKeys.homePageContent, query.data);
  }, [query.isSuccess, query.isPlaceholderData, query.data]);

  const content = useRichContent(query.data);

  if (query.isError) return <Result status="warning" title={t('home.loadFailed')} />;
  if (query.isPending || !content) return <PageLoading />;
  if (content.kind === 'empty') return <SystemOverview />;
  return (
    <div style={content.kind === 'html' ? { padding: 24 } : undefined}>
      <RichContentView content={content} />
    </div>
  );
}
