import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sidebarGroups } from '../features/shell/components/sidebar-rules';
import { unavailableScreens } from './unavailable-screens';

function shellKeys(language: string): Set<string> {
  const path = new URL(`../locales/${language}/shell.json`, import.meta.url);
  const keys = new Set<string>();
  const walk = (value: unknown, prefix: string) => {
    if (typeof value === 'string') keys.add(prefix);
    else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value))
        walk(child, prefix ? `${prefix}.${key}` : key);
    }
  };
  walk(JSON.parse(readFileSync(path, 'utf8')) as unknown, '');
  return keys;
}

describe('route and sidebar labels', () => {
  const labelKeys = [
    ...unavailableScreens.map((screen) => screen.titleKey),
    ...sidebarGroups.flatMap((group) => [
      ...(group.labelKey ? [group.labelKey] : []),
      ...group.entries.map((entry) => entry.labelKey),
    ]),
  ];

  for (const language of ['zh', 'en']) {
    it(`are translated in ${language}`, () => {
      const keys = shellKeys(language);
      expect(labelKeys.filter((key) => !keys.has(key))).toEqual([]);
    });
  }
});
