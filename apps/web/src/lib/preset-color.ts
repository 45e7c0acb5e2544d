// antd preset names: they have light and dark variants, unlike fixed hex colours.
const palette = [
  'gold',
  'blue',
  'cyan',
  'green',
  'geekblue',
  'lime',
  'orange',
  'magenta',
  'purple',
  'red',
  'volcano',
];

/** A stable tag colour for a text or a number (same value, same colour). */
export function presetColor(value: string | number): string {
  if (typeof value === 'number') return palette[Math.abs(value) % palette.length];
  let sum = 0;
  for (let index = 0; index < value.length; index += 1) sum += value.charCodeAt(index);
  return palette[sum % palette.length];
}
