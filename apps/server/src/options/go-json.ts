/**
 * Text forms that match what the reference server writes, so that default option values and
 * values saved through `PUT /api/option/` are byte-identical to an existing new-api/one-api
 * database (and diffs between nodes or versions stay quiet).
 */

const htmlSensitive = /[<>&\u2028\u2029]/g;

function escapeHtmlSensitive(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * JSON text in the reference's encoding: object keys sorted, `<`, `>`, `&`, U+2028 and U+2029
 * escaped as `\u00XX`. Arrays keep their order.
 */
export function goJsonStringify(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('JSON cannot represent a non-finite number');
    return JSON.stringify(value);
  }
  if (typeof value === 'string') {
    return JSON.stringify(value).replace(htmlSensitive, escapeHtmlSensitive);
  }
  if (Array.isArray(value)) return `[${value.map((item) => goJsonStringify(item)).join(',')}]`;
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const members = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort()
      .map((key) => `${goJsonStringify(key)}:${goJsonStringify(record[key])}`);
    return `{${members.join(',')}}`;
  }
  throw new TypeError(`JSON cannot represent a ${typeof value}`);
}

/**
 * A number as plain decimal text without exponent (`0.0000001`, `1000000000000000000000`), the
 * way the reference turns numeric option values into strings.
 */
export function formatDecimal(value: number): string {
  if (!Number.isFinite(value)) throw new TypeError('not a finite number');
  const text = String(value);
  const exponentAt = text.indexOf('e');
  if (exponentAt === -1) return text;

  const negative = text.startsWith('-');
  const mantissa = text.slice(negative ? 1 : 0, exponentAt);
  const exponent = Number(text.slice(exponentAt + 1));
  const pointAt = mantissa.indexOf('.');
  const digits = mantissa.replace('.', '');
  const integerDigits = (pointAt === -1 ? mantissa.length : pointAt) + exponent;

  let plain: string;
  if (integerDigits <= 0) {
    plain = `0.${'0'.repeat(-integerDigits)}${digits}`;
  } else if (integerDigits >= digits.length) {
    plain = digits + '0'.repeat(integerDigits - digits.length);
  } else {
    plain = `${digits.slice(0, integerDigits)}.${digits.slice(integerDigits)}`;
  }
  return negative ? `-${plain}` : plain;
}

/** The stored text of a `PUT /api/option/` value: booleans `true`/`false`, numbers in decimal. */
export function optionValueToString(value: string | number | boolean): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return formatDecimal(value);
}
