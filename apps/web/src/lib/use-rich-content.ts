import { useEffect, useState } from 'react';
import type { RichContent } from './rich-content';

function plainKind(text: string): RichContent | undefined {
  if (text === '') return { kind: 'empty' };
  if (text.startsWith('https://')) return { kind: 'url', url: text };
  return undefined;
}

/**
 * `toRichContent` for a screen that most often has nothing to render: the Markdown parser and the
 * sanitiser are fetched only when there is Markdown or HTML to show. Undefined while they load.
 */
export function useRichContent(raw: string | null | undefined): RichContent | undefined {
  const text = (raw ?? '').trim();
  const [rendered, setRendered] = useState<{ text: string; content: RichContent }>();

  useEffect(() => {
    if (plainKind(text)) return;
    let cancelled = false;
    void import('./rich-content').then(({ toRichContent }) => {
      if (!cancelled) setRendered({ text, content: toRichContent(text) });
    });
    return () => {
      cancelled = true;
    };
  }, [text]);

  return plainKind(text) ?? (rendered?.text === text ? rendered.content : undefined);
}
