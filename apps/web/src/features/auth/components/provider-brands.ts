/** Icon names a custom provider may use (lower-cased; a brand's usual names). */
export const BRAND_NAMES = [
  'github',
  'gitlab',
  'google',
  'microsoft',
  'azure',
  'windows',
  'apple',
  'slack',
  'discord',
  'dingtalk',
  'aliyun',
  'oidc',
] as const;

export type BrandName = (typeof BRAND_NAMES)[number];

/** The brand an icon setting names (`Google`, `GitLab.Color`, ...), if any. */
export function brandOf(icon: string): BrandName | undefined {
  const name = icon.trim().split('.')[0]!.toLowerCase();
  return (BRAND_NAMES as readonly string[]).includes(name) ? (name as BrandName) : undefined;
}
