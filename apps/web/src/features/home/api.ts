import { http } from '../../lib/http-client';

function asText(data: unknown): string {
  return typeof data === 'string' ? data : '';
}

/** `GET /api/notice`: the site notice (Markdown or HTML). */
export async function fetchNotice(): Promise<string> {
  return asText(await http.get<unknown>('/api/notice'));
}

/** `GET /api/home_page_content`: Markdown/HTML, or an https address to show in a frame. */
export async function fetchHomePageContent(): Promise<string> {
  return asText(await http.get<unknown>('/api/home_page_content'));
}
