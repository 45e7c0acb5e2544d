import { VIDEO_ENDPOINT_TYPE, type TaskLogRow } from '@tollgate/contracts';
import { http } from '../../lib/http-client';
import { isRecord } from '../../lib/local-store';
import { getStoredUser } from '../../session/stored-user';
import { failedResponseMessage } from './chat-messages';

/** `POST /pg/videos` body: OpenAI's create-video request plus the playground's group. */
export interface PlaygroundVideoRequest {
  model: string;
  prompt: string;
  /** OpenAI sends seconds as text. */
  seconds: string;
  size: string;
  group: string;
}

/**
 * Submits a video with the console session (`POST /pg/videos`: the session cookie plus the
 * `New-Api-User` header, as the playground's chat) and answers the new task's public id. A refusal
 * (no quota, no channel, a blocked prompt) throws an Error with the server's message.
 */
export async function submitPlaygroundVideo(request: PlaygroundVideoRequest): Promise<string> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const user = getStoredUser();
  if (user) headers['New-Api-User'] = String(user.id);
  const response = await fetch('/pg/videos', {
    method: 'POST',
    headers,
    credentials: 'same-origin',
    body: JSON.stringify(request),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(failedResponseMessage(response.status, text));
  let id: unknown;
  try {
    id = (JSON.parse(text) as { id?: unknown } | null)?.id;
  } catch {
    id = undefined;
  }
  if (typeof id !== 'string' || id === '') throw new Error(`HTTP ${response.status}`);
  return id;
}

/** A video task as the console's task log lists it (`/api/task/self`); undefined until listed. */
export async function fetchVideoTask(taskId: string): Promise<TaskLogRow | undefined> {
  const data = await http.get<unknown>('/api/task/self', {
    query: { p: 0, task_id: taskId },
    notifyErrors: false,
  });
  const rows = Array.isArray(data) ? data.filter(isRecord) : [];
  return rows.find((row) => row.task_id === taskId) as TaskLogRow | undefined;
}

/**
 * Models the catalogue marks as video (`openai-video` among their endpoint types in
 * `GET /api/pricing`), whatever their name.
 */
export async function fetchCatalogueVideoModels(): Promise<string[]> {
  const envelope = await http.envelope<unknown>('GET', '/api/pricing', { notifyErrors: false });
  const rows = Array.isArray(envelope.data) ? envelope.data.filter(isRecord) : [];
  return rows.flatMap((row) => {
    const types = row.supported_endpoint_types;
    return typeof row.model_name === 'string' &&
      Array.isArray(types) &&
      types.includes(VIDEO_ENDPOINT_TYPE)
      ? [row.model_name]
      : [];
  });
}
