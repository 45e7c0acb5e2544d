import { readString } from './json-shape.js';
import type { RouteContext } from './route-context.js';

/** A text field from a multipart form, or the same key of a JSON body. */
export function fieldValue(context: RouteContext, key: string): string | undefined {
  return context.form !== undefined ? context.form.fields[key] : readString(context.body, key);
}

/** A numeric field from a multipart form or a JSON body. */
export function numericField(context: RouteContext, key: string): number | undefined {
  const raw = context.form !== undefined ? context.form.fields[key] : context.body[key];
  const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
