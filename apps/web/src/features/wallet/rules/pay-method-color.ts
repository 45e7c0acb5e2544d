/**
 * How a pay method button is coloured: one of antd's preset colours (follows the theme), or any
 * other CSS colour as the button's background.
 */
export type PayMethodColor = { preset: PresetColor } | { css: string } | null;

export const presetColors = [
  'blue',
  'green',
  'red',
  'orange',
  'yellow',
  'purple',
  'cyan',
  'magenta',
  'pink',
  'gold',
  'lime',
  'volcano',
  'geekblue',
] as const;
export type PresetColor = (typeof presetColors)[number];

// Semi palette names that antd names differently.
const semiAliases: Record<string, PresetColor> = {
  'light-blue': 'blue',
  indigo: 'geekblue',
  violet: 'purple',
  teal: 'cyan',
  amber: 'gold',
  'light-green': 'lime',
};

function isPreset(name: string): name is PresetColor {
  return (presetColors as readonly string[]).includes(name);
}

/**
 * Reads a pay method's `color`. The default methods carry the reference console's palette
 * variables (`rgba(var(--semi-blue-5), 1)`), which mean nothing here: they become the antd
 * preset of the same hue. A plain colour name of antd's presets is used as a preset; any other
 * CSS colour is used as is; an empty one leaves the button in the primary colour.
 */
export function resolvePayMethodColor(color: string | undefined): PayMethodColor {
  const value = color?.trim() ?? '';
  if (value === '') return null;
  const semi = /--semi-([a-z-]+?)-\d+/.exec(value);
  if (semi) {
    const name = semi[1];
    if (isPreset(name)) return { preset: name };
    return name in semiAliases ? { preset: semiAliases[name] } : null;
  }
  if (isPreset(value)) return { preset: value };
  // Other `var(...)` references cannot be resolved outside their stylesheet.
  if (value.includes('var(')) return null;
  return { css: value };
}
