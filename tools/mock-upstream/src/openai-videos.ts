import type { MockTask } from './async-tasks.js';
import { taskStage, TASK_PROMPT_CONTROLS } from './async-tasks.js';
import { fieldValue } from './form-fields.js';
import type { JsonRecord } from './json-shape.js';
import { sendProviderError } from './provider-errors.js';
import { sendBytes, sendJson, type RouteContext } from './route-context.js';

/** Length of every mock video file (bytes). */
export const MOCK_VIDEO_LENGTH = 48_000;

/**
 * The mock video file of a task: an MP4 `ftyp` box, then bytes that depend on the task id and
 * their offset, so a test can check that every range a gateway served is the right slice.
 */
export function mockVideoBytes(id: string): Buffer {
  const bytes = Buffer.alloc(MOCK_VIDEO_LENGTH);
  const head = Buffer.from(
    '\u0000\u0000\u0000\u0018ftypmp42\u0000\u0000\u0000\u0000mp42isom',
    'latin1',
  );
  head.copy(bytes);
  let seed = 0;
  for (const char of id) seed = (seed * 31 + char.charCodeAt(0)) >>> 0;
  for (let index = head.length; index < bytes.length; index += 1) {
    bytes[index] = (seed + index * 7) & 0xff;
  }
  return bytes;
}

/** OpenAI's `status` of a mock task's stage. */
function videoStatus(task: MockTask): 'queued' | 'in_progress' | 'completed' | 'failed' {
  const stage = taskStage(task);
  if (stage === 'SUBMITTED') return 'queued';
  if (stage === 'IN_PROGRESS') return 'in_progress';
  return stage === 'SUCCESS' ? 'completed' : 'failed';
}

/** OpenAI's video object of a mock task at its current stage (times in seconds). */
export function videoObject(task: MockTask): JsonRecord {
  const status = videoStatus(task);
  const created = Math.floor(task.submitTime / 1000);
  const done = status === 'completed' || status === 'failed';
  return {
    id: task.id,
    object: 'video',
    model: task.params.model ?? 'sora-2',
    status,
    progress: { queued: 0, in_progress: 50, completed: 100, failed: 100 }[status],
    created_at: created,
    completed_at: done ? created + 2 : null,
    expires_at: status === 'completed' ? created + 86_400 : null,
    prompt: task.prompt,
    remixed_from_video_id: task.params.remixed_from_video_id ?? null,
    seconds: task.params.seconds ?? '4',
    size: task.params.size ?? '720x1280',
    error:
      status === 'failed'
        ? { code: 'video_generation_failed', message: 'mock upstream failure' }
        : null,
  };
}

/** The videos API takes an API key (Bearer, or Azure's `api-key`): none is a 401. */
function missingKey(context: RouteContext): boolean {
  const headers = context.request.headers;
  if (/^Bearer\s+\S/i.test(headers.authorization ?? '') || headers['api-key']) return false;
  sendProviderError(context, 401, 'You did not provide an API key.', { code: null });
  return true;
}

/** A prompt asking to be refused (`mock:refuse`) is a 400 moderation block. */
function refused(context: RouteContext, prompt: string): boolean {
  if (!prompt.includes(TASK_PROMPT_CONTROLS.refuse)) return false;
  sendProviderError(context, 400, 'Your request was blocked by our moderation system.', {
    code: 'moderation_blocked',
  });
  return true;
}

/**
 * `POST /v1/videos` (JSON or multipart with `input_reference`): a queued job. Its status
 * advances with each retrieval (queued → in_progress → completed, or failed for a prompt with
 * `mock:fail`; `mock:hang` stays in progress).
 */
export function handleCreateVideo(context: RouteContext): void {
  if (missingKey(context)) return;
  const prompt = fieldValue(context, 'prompt') ?? '';
  if (prompt === '') {
    sendProviderError(context, 400, "Missing required parameter: 'prompt'.", { param: 'prompt' });
    return;
  }
  if (refused(context, prompt)) return;
  const params: Record<string, string> = { model: fieldValue(context, 'model') ?? 'sora-2' };
  const seconds = context.form?.fields.seconds ?? context.body.seconds;
  if (seconds !== undefined) params.seconds = String(seconds);
  const size = fieldValue(context, 'size');
  if (size !== undefined) params.size = size;
  const reference = context.form?.files.find((file) => file.field === 'input_reference');
  if (reference) params.input_reference = `${reference.filename}:${reference.size}`;
  sendJson(context, 200, videoObject(context.tasks.create('video', 'generate', prompt, params)));
}

/** `POST /v1/videos/{id}/remix {prompt}`: a new job from a completed one. */
export function handleRemixVideo(context: RouteContext, id: string): void {
  if (missingKey(context)) return;
  const source = context.tasks.tasks.get(id);
  if (!source || source.platform !== 'video') {
    sendProviderError(context, 404, `Video with id '${id}' not found.`, { code: 'not_found' });
    return;
  }
  if (videoStatus(source) !== 'completed') {
    sendProviderError(context, 400, 'Only completed videos can be remixed.', {
      code: 'invalid_video_state',
    });
    return;
  }
  const prompt = fieldValue(context, 'prompt') ?? '';
  if (refused(context, prompt)) return;
  const params = { ...source.params, remixed_from_video_id: source.id };
  sendJson(context, 200, videoObject(context.tasks.create('video', 'remix', prompt, params)));
}

/** `GET /v1/videos/{id}`: the job, advanced one step. */
export function handleRetrieveVideo(context: RouteContext, id: string): void {
  if (missingKey(context)) return;
  const task = context.tasks.tasks.get(id);
  if (!task || task.platform !== 'video') {
    sendProviderError(context, 404, `Video with id '${id}' not found.`, { code: 'not_found' });
    return;
  }
  sendJson(context, 200, videoObject(context.tasks.report(id)!));
}

/**
 * `GET /v1/videos/{id}/content`: the completed job's MP4 (`mockVideoBytes`), whole or the one
 * `Range: bytes=a-b` asks for (206 with `Content-Range`; 416 when unsatisfiable). Not advanced.
 */
export function handleVideoContent(context: RouteContext, id: string): void {
  if (missingKey(context)) return;
  const task = context.tasks.tasks.get(id);
  if (!task || task.platform !== 'video') {
    sendProviderError(context, 404, `Video with id '${id}' not found.`, { code: 'not_found' });
    return;
  }
  if (videoStatus(task) !== 'completed') {
    sendProviderError(context, 404, 'Video is not ready yet.', { code: 'video_not_ready' });
    return;
  }
  sendMockVideo(context, id);
}

/**
 * Sends a task's MP4 (`mockVideoBytes`), whole or the one `Range: bytes=a-b` asks for (206 with
 * `Content-Range`; 416 when unsatisfiable).
 */
export function sendMockVideo(context: RouteContext, id: string): void {
  const bytes = mockVideoBytes(id);
  const headers = { 'accept-ranges': 'bytes', etag: `"${id}"` };
  const range = /^bytes=(\d*)-(\d*)$/.exec(context.request.headers.range ?? '');
  if (!range || (range[1] === '' && range[2] === '')) {
    sendBytes(context, 200, 'video/mp4', bytes, headers);
    return;
  }
  const total = bytes.length;
  let start = range[1] === '' ? total - Number(range[2]) : Number(range[1]);
  let end = range[1] === '' || range[2] === '' ? total - 1 : Number(range[2]);
  start = Math.max(0, start);
  end = Math.min(end, total - 1);
  if (start > end || start >= total) {
    sendBytes(context, 416, 'video/mp4', '', { ...headers, 'content-range': `bytes */${total}` });
    return;
  }
  sendBytes(context, 206, 'video/mp4', bytes.subarray(start, end + 1), {
    ...headers,
    'content-range': `bytes ${start}-${end}/${total}`,
  });
}
