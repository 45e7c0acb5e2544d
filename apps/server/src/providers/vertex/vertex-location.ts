import { isJsonObject } from '../json-guards.js';

/** The region used when a channel names none. */
export const DEFAULT_VERTEX_REGION = 'us-central1';

/**
 * The region of a call from the channel's `other`: a plain region name, or a JSON map from
 * (original) model name to region with a `default` entry.
 */
export function vertexRegion(other: string, model: string): string {
  const text = other.trim();
  if (!text) return DEFAULT_VERTEX_REGION;
  if (!text.startsWith('{')) return text;
  let map: unknown;
  try {
    map = JSON.parse(text);
  } catch {
    return DEFAULT_VERTEX_REGION;
  }
  if (!isJsonObject(map)) return DEFAULT_VERTEX_REGION;
  const own = Object.hasOwn(map, model) ? map[model] : undefined;
  const region = typeof own === 'string' && own ? own : map.default;
  return typeof region === 'string' && region ? region : DEFAULT_VERTEX_REGION;
}

/** Vertex AI's address for a region (`global` has no regional host). */
export function vertexBaseUrl(region: string): string {
  return region === 'global'
    ? 'https://aiplatform.googleapis.com'
    : `https://${region}-aiplatform.googleapis.com`;
}

/** Claude model names whose Vertex AI name is not the plain `name@date` form. */
const CLAUDE_NAMES: Readonly<Record<string, string>> = {
  'claude-3-5-sonnet-20241022': 'claude-3-5-sonnet-v2@20241022',
};

/**
 * A Claude model name as Vertex AI publishes it: `claude-sonnet-4-20250514` →
 * `claude-sonnet-4@20250514` (names already in that form, or without a date, unchanged).
 */
export function vertexClaudeModel(model: string): string {
  if (Object.hasOwn(CLAUDE_NAMES, model)) return CLAUDE_NAMES[model];
  const match = /^(claude-.+)-(\d{8})$/.exec(model);
  return match ? `${match[1]}@${match[2]}` : model;
}
