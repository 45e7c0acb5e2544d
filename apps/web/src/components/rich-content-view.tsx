import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { RichContent } from '../lib/rich-content';
import { useThemeMode } from '../theme/theme-mode';

/**
 * Shows admin-written content: an https address in a full-size frame (told about theme and
 * language changes), otherwise the sanitised HTML.
 */
export function RichContentView({ content }: { content: RichContent }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const { mode } = useThemeMode();
  const { i18n } = useTranslation();

  useEffect(() => {
    frame.current?.contentWindow?.postMessage({ themeMode: mode, lang: i18n.language }, '*');
  }, [mode, i18n.language]);

  if (content.kind === 'url') {
    return (
      <iframe
        ref={frame}
        src={content.url}
        title={content.url}
        className="tg-content-frame"
        onLoad={() =>
          frame.current?.contentWindow?.postMessage({ themeMode: mode, lang: i18n.language }, '*')
        }
      />
    );
  }
  if (content.kind === 'html') {
    return (
      <div
        className="tg-rich-content"
        style={{ fontSize: 'larger' }}
        dangerouslySetInnerHTML={{ __html: content.html }}
      />
    );
  }
  return null;
}
