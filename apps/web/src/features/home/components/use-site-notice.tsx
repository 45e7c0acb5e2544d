import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { readString, writeString } from '../../../lib/local-store';
import { notify } from '../../../lib/notifier';
import { storageKeys } from '../../../lib/storage-keys';
import { useNoticeQuery } from '../queries';

/** Shows the site notice once per new text: a notice already seen is not shown again. */
export function useSiteNotice(): void {
  const { t } = useTranslation('content');
  const { data } = useNoticeQuery();
  useEffect(() => {
    if (!data || data === readString(storageKeys.notice)) return;
    let cancelled = false;
    // The Markdown parser is fetched only when there is a notice to show.
    void import('../../../lib/rich-content').then(({ markdownToSafeHtml }) => {
      if (cancelled) return;
      notify.notice(
        t('notice.title'),
        <div
          className="tg-rich-content"
          dangerouslySetInnerHTML={{ __html: markdownToSafeHtml(data) }}
        />,
      );
      writeString(storageKeys.notice, data);
    });
    return () => {
      cancelled = true;
    };
  }, [data, t]);
}
