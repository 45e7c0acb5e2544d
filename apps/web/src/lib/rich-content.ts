import DOMPurify from 'dompurify';
import { marked } from 'marked';

/** Admin-written content (home page, about, notice): nothing, an address to frame, or HTML. */
export type RichContent =
  | { kind: 'empty' }
  | { kind: 'url'; url: string }
  | { kind: 'html'; html: string };

/** Content that is an https address is shown in a frame rather than rendered. */
export function isFramedAddress(text: string): boolean {
  return text.startsWith('https://');
}

/** Sanitises HTML written by an admin before it is injected into the page. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html);
}

/** Markdown (which may embed raw HTML) to sanitised HTML. */
export function markdownToSafeHtml(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown, { async: false }));
}

export function toRichContent(raw: string | null | undefined): RichContent {
  const text = (raw ?? '').trim();
  if (text === '') return { kind: 'empty' };
  if (isFramedAddress(text)) return { kind: 'url', url: text };
  return { kind: 'html', html: markdownToSafeHtml(text) };
}
