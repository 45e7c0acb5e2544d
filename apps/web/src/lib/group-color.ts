const highlighted: Record<string, string> = {
  vip: 'gold',
  pro: 'gold',
  svip: 'red',
  premium: 'red',
};

// antd preset names rather than hex values: a hex colour gets a pale fill in both themes (low
// contrast, and glaring in dark mode), while presets have light and dark variants.
const groupColors = ['blue', 'cyan', 'green', 'geekblue', 'purple', 'magenta', 'volcano', 'lime'];

/** A stable antd tag colour for a group name: the same name always gets the same colour. */
export function groupColor(name: string): string {
  let sum = 0;
  for (let index = 0; index < name.length; index += 1) sum += name.charCodeAt(index);
  return highlighted[name] ?? groupColors[sum % groupColors.length];
}
