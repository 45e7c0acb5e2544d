const palette = [
  '#f5a623',
  '#1677ff',
  '#13c2c2',
  '#52c41a',
  '#8c8c8c',
  '#2f54eb',
  '#40a9ff',
  '#a0d911',
  '#fa8c16',
  '#eb2f96',
  '#722ed1',
  '#f5222d',
  '#08979c',
  '#9254de',
  '#fadb14',
];

/** A stable colour for a name (avatars, group tags): the same text always gets the same colour. */
export function stringToColor(text: string): string {
  let sum = 0;
  for (let index = 0; index < text.length; index += 1) sum += text.charCodeAt(index);
  return palette[sum % palette.length];
}
