import { isRecord } from '../../../lib/local-store';

/** One endpoint a model supports: its type (`openai`, `anthropic`…) and, when known, its path. */
export interface EndpointEntry {
  type: string;
  path: string;
  method: string;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The endpoints of a model's `endpoints` text: a JSON object of type → `{path, method}` (or type →
 * path), or a JSON array of type names. Anything else has none.
 */
export function endpointEntries(text: string): EndpointEntry[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  const value = parse(trimmed);
  if (Array.isArray(value)) {
    return value
      .filter((type): type is string => typeof type === 'string' && type !== '')
      .map((type) => ({ type, path: '', method: '' }));
  }
  if (!isRecord(value)) return [];
  return Object.entries(value).map(([type, detail]) => {
    if (typeof detail === 'string') return { type, path: detail, method: '' };
    const record = isRecord(detail) ? detail : {};
    return {
      type,
      path: typeof record.path === 'string' ? record.path : '',
      method: typeof record.method === 'string' ? record.method : '',
    };
  });
}
