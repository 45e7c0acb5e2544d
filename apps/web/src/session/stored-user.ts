import { useSyncExternalStore } from 'react';
import { isRecord, readString, removeKey, writeJson } from '../lib/local-store';
import { storageKeys } from '../lib/storage-keys';

/**
 * The signed-in user as the login answer returns it and as it is kept under localStorage `user`.
 * Only id, username, display_name, role, status and group are filled by the login call.
 */
export interface StoredUser {
  id: number;
  username: string;
  display_name?: string;
  role: number;
  status?: number;
  group?: string;
}

/** Role values of the console (user management shows any other value as unknown). */
export const roles = { common: 1, admin: 10, root: 100 } as const;

function parseStoredUser(value: unknown): StoredUser | null {
  if (!isRecord(value)) return null;
  const { id, username, role } = value;
  if (typeof id !== 'number' || typeof username !== 'string' || typeof role !== 'number') {
    return null;
  }
  return {
    id,
    username,
    role,
    display_name: typeof value.display_name === 'string' ? value.display_name : undefined,
    status: typeof value.status === 'number' ? value.status : undefined,
    group: typeof value.group === 'string' ? value.group : undefined,
  };
}

function readFromStorage(): StoredUser | null {
  const text = readString(storageKeys.user);
  if (!text) return null;
  try {
    return parseStoredUser(JSON.parse(text));
  } catch {
    return null;
  }
}

let current: StoredUser | null = readFromStorage();
/** Why the user was last dropped: the login page shows an "expired" notice for 401s. */
let clearReason: 'signed-out' | 'expired' = 'signed-out';
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function getStoredUser(): StoredUser | null {
  return current;
}

/** Saves the user returned by a login call; anything without id, username and role is refused. */
export function setStoredUser(value: unknown): StoredUser | null {
  const user = parseStoredUser(value);
  if (!user) return null;
  current = user;
  clearReason = 'signed-out';
  writeJson(storageKeys.user, user);
  emit();
  return user;
}

export function clearStoredUser(reason: 'signed-out' | 'expired' = 'signed-out'): void {
  clearReason = reason;
  current = null;
  removeKey(storageKeys.user);
  emit();
}

/** Whether the last sign-out came from the server refusing the session (HTTP 401). */
export function sessionExpired(): boolean {
  return clearReason === 'expired';
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes what this tab may show.
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKeys.user || event.key === null) {
      current = readFromStorage();
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useStoredUser(): StoredUser | null {
  return useSyncExternalStore(subscribe, getStoredUser, getStoredUser);
}

/** Admin means role 10 or above. */
export function isAdmin(user: StoredUser | null): boolean {
  return user !== null && user.role >= roles.admin;
}

/** Super admin (root) means role 100 or above. */
export function isRoot(user: StoredUser | null): boolean {
  return user !== null && user.role >= roles.root;
}
