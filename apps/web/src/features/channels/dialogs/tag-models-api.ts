import { http } from '../../../lib/http-client';

/**
 * `GET /api/channel/tag/models?tag=`: the longest model list (comma text) among the tag's
 * channels, '' when none has models.
 */
export async function fetchTagModels(tag: string): Promise<string> {
  const data = await http.get<unknown>('/api/channel/tag/models', { query: { tag } });
  return typeof data === 'string' ? data : '';
}
