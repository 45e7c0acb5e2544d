import { isRecord } from '../../lib/local-store';

/**
 * Chat links (spec part 2 §2, chat embed and chat-to-link). Templates come from the status
 * payload's `chats` (`[{"<name>": "<url with {address} and {key}>"}, …]`), kept in localStorage.
 */

export interface ChatTemplate {
  name: string;
  template: string;
}

/** The template at `index` of the stored list, or null when there is none. */
export function chatTemplateAt(chats: unknown, index: number): ChatTemplate | null {
  if (!Array.isArray(chats) || !Number.isInteger(index) || index < 0) return null;
  const entry: unknown = chats[index];
  if (!isRecord(entry)) return null;
  // new-api reads the entry's last key; a well-formed entry has exactly one.
  const names = Object.keys(entry);
  const name = names[names.length - 1];
  const template = name === undefined ? undefined : entry[name];
  return typeof template === 'string' && template !== '' ? { name, template } : null;
}

/** `sk-` followed by the token key (keys are listed without the prefix). */
export function apiKeyOf(tokenKey: string): string {
  return tokenKey.startsWith('sk-') ? tokenKey : `sk-${tokenKey}`;
}

/** Fills `{address}` with the URL-encoded server address and `{key}` with the API key. */
export function fillChatTemplate(
  template: string,
  serverAddress: string,
  tokenKey: string,
): string {
  return template
    .replaceAll('{address}', encodeURIComponent(serverAddress))
    .replaceAll('{key}', apiKeyOf(tokenKey));
}

/** The legacy single chat link (`chat_link`) with the NextChat-style settings fragment. */
export function legacyChatLink(chatLink: string, serverAddress: string, tokenKey: string): string {
  const base = chatLink.replace(/\/+$/, '');
  return `${base}/#/?settings={"key":"${apiKeyOf(tokenKey)}","url":"${serverAddress}"}`;
}

/** Links with a script-running scheme are never opened. */
export function isSafeLink(link: string): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(link.trim())?.[1]?.toLowerCase();
  return scheme !== undefined && !['javascript', 'data', 'vbscript', 'file'].includes(scheme);
}

/** Web pages can be shown in a frame; app links (`opencat://…`) must be opened instead. */
export function isWebLink(link: string): boolean {
  return /^https?:\/\//i.test(link.trim());
}

/** The server address chat clients should call: the configured one, else this site. */
export function serverAddressOf(configured: string | undefined, origin: string): string {
  const address = (configured ?? '').trim();
  return address !== '' ? address : origin;
}
