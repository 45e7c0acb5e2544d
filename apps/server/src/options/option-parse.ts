import type { OptionDefinition } from './option-catalogue.js';
import type { OptionRuleContext } from './option-rules.js';
import { describeShapeIssue } from './option-schemas.js';

/** Outcome of reading an option's text. */
export type OptionParseResult = { ok: true; value: unknown } | { ok: false; message: string };

const integerPattern = /^[+-]?\d+$/;
const numberPattern = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Reads an option's stored text into its typed value.
 *
 * `strict` is for values an operator is saving: booleans must be exactly `true` or `false`. Rows
 * read from the database follow the reference instead (a boolean is true only for `"true"`, any
 * other text is false), so an adopted database keeps working.
 */
export function parseOptionText(
  definition: OptionDefinition,
  raw: string,
  strict: boolean,
): OptionParseResult {
  const { key } = definition;
  switch (definition.kind) {
    case 'boolean':
      if (strict && raw !== 'true' && raw !== 'false') {
        return { ok: false, message: `${key} 的值必须是 true 或 false` };
      }
      return { ok: true, value: raw === 'true' };
    case 'integer': {
      const value = Number(raw.trim());
      if (!integerPattern.test(raw.trim()) || !Number.isSafeInteger(value)) {
        return { ok: false, message: `${key} 的值必须是整数` };
      }
      return { ok: true, value };
    }
    case 'number': {
      const value = Number(raw.trim());
      if (!numberPattern.test(raw.trim()) || !Number.isFinite(value)) {
        return { ok: false, message: `${key} 的值必须是数字` };
      }
      return { ok: true, value };
    }
    case 'string':
    case 'text':
      return { ok: true, value: raw };
    case 'json-object':
    case 'json-array':
      return parseJson(definition, raw);
  }
}

function parseJson(definition: OptionDefinition, raw: string): OptionParseResult {
  const { key } = definition;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, message: `${key} 不是合法的 JSON 字符串` };
  }
  const wantsArray = definition.kind === 'json-array';
  if (wantsArray !== Array.isArray(value) || typeof value !== 'object' || value === null) {
    return {
      ok: false,
      message: wantsArray ? `${key} 必须是 JSON 数组` : `${key} 必须是 JSON 对象`,
    };
  }
  if (!definition.schema) return { ok: true, value: deepFreeze(value) };
  // The schema's output, not the raw parse: it is exactly the checked shape (no `__proto__` keys).
  const checked = definition.schema.safeParse(value);
  if (!checked.success) return { ok: false, message: describeShapeIssue(key, checked.error) };
  return { ok: true, value: deepFreeze(checked.data) };
}

/**
 * Checks a value an operator wants to save: strict parse, shape, then the catalogue's rules.
 * Returns the typed value, or the first failure's message.
 */
export function validateOptionText(
  definition: OptionDefinition,
  raw: string,
  context: OptionRuleContext,
): OptionParseResult {
  const parsed = parseOptionText(definition, raw, true);
  if (!parsed.ok) return parsed;
  for (const rule of definition.rules) {
    const message = rule(parsed.value, definition.key, context);
    if (message) return { ok: false, message };
  }
  return parsed;
}

/** Parsed JSON is shared by every reader of the store, so nobody may change it in place. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}
