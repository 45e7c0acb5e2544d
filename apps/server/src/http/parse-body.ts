import type { z } from 'zod';
import { AppError } from '../errors/app-error.js';

/**
 * Validates a request body (or query) with a shared schema; a mismatch is a business failure
 * (HTTP 200, `success: false`, as new-api's console expects) naming the field, so bad input never
 * reaches a service.
 */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
): z.infer<Schema> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') || 'body';
  throw new AppError('invalid_request', `无效的参数：${field} ${issue?.message ?? ''}`.trim());
}

/** Reads a positive integer from a path or query value, or fails (HTTP 200, `success: false`). */
export function parseId(value: unknown, name = 'id'): number {
  const text = typeof value === 'string' ? value.trim() : String(value ?? '');
  if (!/^\d+$/.test(text) || Number(text) <= 0 || Number(text) > 2_147_483_647) {
    throw new AppError('invalid_request', `无效的参数：${name}`);
  }
  return Number(text);
}
