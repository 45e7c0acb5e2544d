import { http } from '../../lib/http-client';

/** `GET /api/about`: Markdown/HTML, or an https address to show in a frame. */
export async function fetchAbout(): Promise<string> {
  const data = await http.get<unknown>('/api/about');
  return typeof data === 'string' ? data : '';
}
