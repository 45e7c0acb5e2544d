import { describe, expect, it } from 'vitest';
import { parseChatEntries, sidebarHiddenOn, visibleSidebarGroups } from './sidebar-rules';

const allFlags = { enable_data_export: true, enable_drawing: true, enable_task: true };
const noFlags = { enable_data_export: false, enable_drawing: false, enable_task: false };

function keys(role: number | null, flags = allFlags): string[] {
  return visibleSidebarGroups({ role, flags }).flatMap((group) =>
    group.entries.map((entry) => entry.key),
  );
}

describe('visibleSidebarGroups', () => {
  it('hides admin entries from common users', () => {
    expect(keys(1)).not.toContain('user');
    expect(keys(1)).not.toContain('channel');
    expect(keys(1)).not.toContain('models');
    expect(keys(1)).toContain('token');
  });
  it('shows admin entries but not root settings to admins', () => {
    expect(keys(10)).toEqual(expect.arrayContaining(['channel', 'models', 'redemption', 'user']));
    expect(keys(10)).not.toContain('setting');
  });
  it('shows settings to root users', () => {
    expect(keys(100)).toContain('setting');
  });
  it('hides dashboard, drawing and task logs when their flags are off', () => {
    const visible = keys(100, noFlags);
    expect(visible).not.toContain('detail');
    expect(visible).not.toContain('midjourney');
    expect(visible).not.toContain('task');
  });
});

describe('parseChatEntries', () => {
  it('builds one entry per chat object', () => {
    const text = JSON.stringify([{ 'Next Chat': 'https://a' }, { Other: 'https://b' }]);
    expect(parseChatEntries(text)).toEqual({
      entries: [
        { name: 'Next Chat', path: '/chat/0' },
        { name: 'Other', path: '/chat/1' },
      ],
      failed: false,
    });
  });
  it('reports unreadable data', () => {
    expect(parseChatEntries('{oops').failed).toBe(true);
    expect(parseChatEntries('{"a":1}').failed).toBe(true);
  });
});

describe('sidebarHiddenOn', () => {
  it('hides the sidebar on home, setup and chat paths only', () => {
    expect(sidebarHiddenOn('/')).toBe(true);
    expect(sidebarHiddenOn('/setup')).toBe(true);
    expect(sidebarHiddenOn('/chat/1')).toBe(true);
    expect(sidebarHiddenOn('/chat2link')).toBe(false);
    expect(sidebarHiddenOn('/user')).toBe(false);
  });
});
