/**
 * Checks of the JSON text fields of a channel (model mapping, status code mapping, settings,
 * parameter override). An empty text means "none" and is always accepted.
 */

/** The JSON fields of the channel form. */
export type ChannelJsonField =
  | 'model_mapping'
  | 'status_code_mapping'
  | 'setting'
  | 'param_override';

/** Why a JSON field was refused. */
export type JsonProblem = 'invalid-json' | 'mapping-values' | 'status-codes';

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** True when the text is empty or a JSON object. */
export function isJsonObjectText(text: string): boolean {
  const trimmed = text.trim();
  return trimmed === '' || parseObject(trimmed) !== null;
}

const statusCode = /^[1-5]\d\d$/;

/**
 * The problem of one JSON field, or null when it is fine. Every field must be a JSON object; the
 * model mapping maps names to names, and the status code mapping codes to codes (`{"429": "500"}`).
 */
export function jsonFieldProblem(field: ChannelJsonField, text: string): JsonProblem | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const object = parseObject(trimmed);
  if (!object) return 'invalid-json';
  if (field === 'model_mapping') {
    return Object.values(object).every((value) => typeof value === 'string')
      ? null
      : 'mapping-values';
  }
  if (field === 'status_code_mapping') {
    const valid = Object.entries(object).every(
      ([from, to]) => statusCode.test(from) && typeof to === 'string' && statusCode.test(to),
    );
    return valid ? null : 'status-codes';
  }
  return null;
}

/** Vertex AI region problems: required, and a JSON region map must name a `default`. */
export type RegionProblem = 'region-required' | 'region-json' | 'region-default';

export function vertexRegionProblem(other: string): RegionProblem | null {
  const trimmed = other.trim();
  if (trimmed === '') return 'region-required';
  if (!trimmed.startsWith('{')) return null;
  const regions = parseObject(trimmed);
  if (!regions) return 'region-json';
  return regions.default === undefined || regions.default === null ? 'region-default' : null;
}

/** Pretty-prints a JSON object text (two spaces); other text is returned unchanged. */
export function formatJsonText(text: string): string {
  const object = parseObject(text.trim());
  return object ? JSON.stringify(object, null, 2) : text;
}
