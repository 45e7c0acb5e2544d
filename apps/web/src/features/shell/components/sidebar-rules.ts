import { isRecord } from '../../../lib/local-store';

/** Locally stored status flags that show or hide sidebar entries. */
export type SidebarFlag = 'enable_data_export' | 'enable_drawing' | 'enable_task';

/** One sidebar entry; `requires` and `flag` decide whether it is shown. */
export interface SidebarEntry {
  key: string;
  path: string;
  /** Translation key in namespace `shell`. */
  labelKey: string;
  requires?: 'admin' | 'root';
  flag?: SidebarFlag;
}

export interface SidebarGroup {
  key: string;
  /** Group heading (translation key in namespace `shell`); the first group has none. */
  labelKey?: string;
  entries: SidebarEntry[];
  /** The chat submenu, built from the stored chat list, follows this group's entries. */
  withChats?: boolean;
}

/** The sidebar of spec part 2 §2, in display order. */
export const sidebarGroups: readonly SidebarGroup[] = [
  {
    key: 'chat',
    entries: [{ key: 'playground', path: '/playground', labelKey: 'nav.playground' }],
    withChats: true,
  },
  {
    key: 'console',
    labelKey: 'nav.groups.console',
    entries: [
      { key: 'detail', path: '/detail', labelKey: 'nav.detail', flag: 'enable_data_export' },
      { key: 'token', path: '/token', labelKey: 'nav.token' },
      { key: 'log', path: '/log', labelKey: 'nav.log' },
      {
        key: 'midjourney',
        path: '/midjourney',
        labelKey: 'nav.midjourney',
        flag: 'enable_drawing',
      },
      { key: 'task', path: '/task', labelKey: 'nav.task', flag: 'enable_task' },
    ],
  },
  {
    key: 'admin',
    labelKey: 'nav.groups.admin',
    entries: [
      { key: 'channel', path: '/channel', labelKey: 'nav.channel', requires: 'admin' },
      { key: 'models', path: '/models', labelKey: 'nav.models', requires: 'admin' },
      { key: 'redemption', path: '/redemption', labelKey: 'nav.redemption', requires: 'admin' },
      {
        key: 'subscription',
        path: '/subscription',
        labelKey: 'nav.subscription',
        requires: 'admin',
      },
      { key: 'user', path: '/user', labelKey: 'nav.user', requires: 'admin' },
      // The settings page has tabs for root users only, so the entry follows that rule.
      { key: 'setting', path: '/setting', labelKey: 'nav.setting', requires: 'root' },
    ],
  },
  {
    key: 'personal',
    labelKey: 'nav.groups.personal',
    entries: [
      { key: 'topup', path: '/topup', labelKey: 'nav.topup' },
      { key: 'personal', path: '/personal', labelKey: 'nav.personal' },
    ],
  },
];

/** What decides visibility: the stored user's role (null when signed out) and the flags. */
export interface SidebarAccess {
  role: number | null;
  flags: Record<SidebarFlag, boolean>;
}

function entryVisible(entry: SidebarEntry, access: SidebarAccess): boolean {
  if (entry.flag && !access.flags[entry.flag]) return false;
  if (entry.requires === 'admin') return access.role !== null && access.role >= 10;
  if (entry.requires === 'root') return access.role !== null && access.role >= 100;
  return true;
}

/** The groups with only their visible entries; groups left empty disappear. */
export function visibleSidebarGroups(
  access: SidebarAccess,
  groups: readonly SidebarGroup[] = sidebarGroups,
): SidebarGroup[] {
  return groups
    .map((group) => ({
      ...group,
      entries: group.entries.filter((entry) => entryVisible(entry, access)),
    }))
    .filter((group) => group.entries.length > 0 || group.withChats);
}

/** A chat link from the stored list: its name and the route that opens it. */
export interface ChatEntry {
  name: string;
  path: string;
}

/**
 * Reads the stored chat list (`[{"name": "url template"}, …]`). `failed` is true when the text is
 * not a JSON array, so that the shell can say the chat data could not be read.
 */
export function parseChatEntries(text: string | null): { entries: ChatEntry[]; failed: boolean } {
  if (text === null || text === '') return { entries: [], failed: false };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { entries: [], failed: true };
  }
  if (!Array.isArray(value)) return { entries: [], failed: true };
  const entries: ChatEntry[] = [];
  value.forEach((item, index) => {
    if (!isRecord(item)) return;
    const name = Object.keys(item)[0];
    if (name) entries.push({ name, path: `/chat/${index}` });
  });
  return { entries, failed: false };
}

/** Paths on which the sidebar is hidden (home, chat and setup). */
export function sidebarHiddenOn(pathname: string): boolean {
  return (
    pathname === '/' ||
    pathname === '/setup' ||
    pathname === '/chat' ||
    pathname.startsWith('/chat/')
  );
}
