import { isRecord } from '../../../lib/local-store';

/** One chat client the console can open a token in. */
export interface ChatClient {
  name: string;
  /** URL template with `{address}` and `{key}` placeholders. */
  template: string;
}

/**
 * Reads the stored chat list (`[{"<name>": "<url template>"}, …]`, from the status `chats`).
 * `failed` is set when the text is not a JSON array: the screen then reports a chat link
 * configuration error.
 */
export function parseChatClients(text: string | null): { clients: ChatClient[]; failed: boolean } {
  if (text === null || text.trim() === '') return { clients: [], failed: false };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { clients: [], failed: true };
  }
  if (!Array.isArray(value)) return { clients: [], failed: true };
  const clients: ChatClient[] = [];
  for (const entry of value) {
    if (!isRecord(entry)) continue;
    for (const [name, template] of Object.entries(entry)) {
      if (typeof template === 'string' && template !== '') clients.push({ name, template });
    }
  }
  return { clients, failed: false };
}

/** The server address for chat links: the configured one, else the console's own origin. */
export function chatServerAddress(configured: string | undefined, origin: string): string {
  return configured && configured.trim() !== '' ? configured.trim() : origin;
}

/** Fills a template: `{address}` → URL-encoded server address, `{key}` → `sk-` + key. */
export function buildChatLink(template: string, serverAddress: string, key: string): string {
  return template
    .replaceAll('{address}', encodeURIComponent(serverAddress))
    .replaceAll('{key}', `sk-${key}`);
}
