import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readString } from '../../../lib/local-store';
import { storageKeys } from '../../../lib/storage-keys';
import { useStatus } from '../../../status/status-store';

const pollInterval = 200;
const pollTimes = 5;

/** Footer: the admin's HTML (sanitised) when configured, otherwise a default credit line. */
export function FooterBar() {
  const { t } = useTranslation('shell');
  const status = useStatus();
  const [footerHtml, setFooterHtml] = useState(() => readString(storageKeys.footerHtml) ?? '');

  // While the status is still loading the stored footer may change: re-read it a few times.
  useEffect(() => {
    let remaining = pollTimes;
    const timer = window.setInterval(() => {
      remaining -= 1;
      setFooterHtml(readString(storageKeys.footerHtml) ?? '');
      if (remaining <= 0) window.clearInterval(timer);
    }, pollInterval);
    return () => window.clearInterval(timer);
  }, []);

  useEffect(() => {
    if (status.footer_html !== undefined) setFooterHtml(status.footer_html);
  }, [status.footer_html]);

  // The sanitiser is loaded only when a custom footer exists, keeping it off the first screen.
  const [safeHtml, setSafeHtml] = useState<string | null>(null);
  useEffect(() => {
    if (footerHtml.trim() === '') {
      setSafeHtml(null);
      return;
    }
    let cancelled = false;
    void import('dompurify').then(({ default: purify }) => {
      if (!cancelled) setSafeHtml(purify.sanitize(footerHtml));
    });
    return () => {
      cancelled = true;
    };
  }, [footerHtml]);

  if (footerHtml.trim() !== '') {
    if (safeHtml === null) return null;
    return (
      <div className="tg-footer tg-rich-content" dangerouslySetInnerHTML={{ __html: safeHtml }} />
    );
  }
  return (
    <div className="tg-footer">
      {t('footer.default', {
        name: status.system_name || 'Tollgate',
        version: status.version ?? '',
        year: new Date().getFullYear(),
      })}
    </div>
  );
}
