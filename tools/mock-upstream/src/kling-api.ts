import { jwtVerify } from 'jose';
import { taskStage, TASK_PROMPT_CONTROLS, type MockTask } from './async-tasks.js';
import { readString, type JsonRecord } from './json-shape.js';
import { sendJson, type RouteContext } from './route-context.js';

/**
 * Kling's video API (`/v1/videos/text2video`, `/v1/videos/image2video`, and each one's task
 * query): every call needs `Authorization: Bearer <JWT>`, a token signed HS256 with the secret
 * key of the access key named in its `iss`, with `exp` and `nbf` — verified with jose as Kling's
 * servers verify it. Answers are Kling's `{code, message, request_id, data}`.
 */

/** The access key the mock knows, and its secret: a token signed with another secret gets 401. */
export const MOCK_KLING_ACCESS_KEY = 'mock-kling-access-key';
export const MOCK_KLING_SECRET_KEY = 'mock-kling-secret-key-0123456789';

const SECRET = new TextEncoder().encode(MOCK_KLING_SECRET_KEY);
const DURATIONS = new Set(['5', '10']);

function requestId(context: RouteContext): string {
  return `mock-kling-${context.requestId}`;
}

/** A Kling error: its HTTP status, its business code and message. */
function sendKlingError(context: RouteContext, status: number, code: number, message: string) {
  sendJson(context, status, { code, message, request_id: requestId(context) });
}

/** Why the call's token is refused (Kling's 401, code 1000–1004), or undefined when it is good. */
async function tokenRefusal(context: RouteContext): Promise<string | undefined> {
  const match = /^Bearer\s+(\S+)$/i.exec(context.request.headers.authorization ?? '');
  if (!match) return 'Authorization is missing or not a bearer token';
  try {
    await jwtVerify(match[1]!, SECRET, {
      algorithms: ['HS256'],
      issuer: MOCK_KLING_ACCESS_KEY,
      requiredClaims: ['exp', 'nbf'],
    });
    return undefined;
  } catch (error) {
    return `Authentication failed: ${(error as Error).message}`;
  }
}

/** Kling's state of a mock task. */
function klingStatus(task: MockTask): string {
  const stage = taskStage(task);
  if (stage === 'SUBMITTED') return 'submitted';
  if (stage === 'IN_PROGRESS') return 'processing';
  return stage === 'SUCCESS' ? 'succeed' : 'failed';
}

/** A mock task as Kling's `data` (times in ms; the video on the mock's file route). */
function klingTask(context: RouteContext, task: MockTask): JsonRecord {
  const status = klingStatus(task);
  const data: JsonRecord = {
    task_id: task.id,
    task_status: status,
    task_status_msg: status === 'failed' ? 'mock upstream failure' : '',
    task_info: {},
    created_at: task.submitTime,
    updated_at: task.submitTime + task.polls * 1000,
  };
  if (status === 'succeed') {
    data.task_result = {
      videos: [
        {
          id: `${task.id}-video`,
          url: `${context.baseUrl}/mock-videos/${task.id}.mp4`,
          duration: task.params.duration ?? '5',
        },
      ],
    };
  }
  return data;
}

async function create(context: RouteContext, endpoint: string): Promise<void> {
  const refusal = await tokenRefusal(context);
  if (refusal) return sendKlingError(context, 401, 1000, refusal);
  const prompt = readString(context.body, 'prompt') ?? '';
  const image = readString(context.body, 'image') ?? '';
  const duration = readString(context.body, 'duration') ?? '5';
  if (endpoint === 'text2video' && prompt === '') {
    return sendKlingError(context, 400, 1201, 'prompt is required');
  }
  if (endpoint === 'image2video' && image === '') {
    return sendKlingError(context, 400, 1201, 'image is required');
  }
  if (!DURATIONS.has(duration)) return sendKlingError(context, 400, 1201, 'duration is invalid');
  if (prompt.includes(TASK_PROMPT_CONTROLS.refuse)) {
    return sendKlingError(context, 400, 1301, 'Content security policy triggered');
  }
  const params: Record<string, string> = {
    endpoint,
    duration,
    model_name: readString(context.body, 'model_name') ?? 'kling-v1',
  };
  const aspectRatio = readString(context.body, 'aspect_ratio');
  if (aspectRatio) params.aspect_ratio = aspectRatio;
  if (image) params.image = image.slice(0, 64);
  const task = context.tasks.create('kling', endpoint, prompt, params);
  sendJson(context, 200, {
    code: 0,
    message: 'SUCCEED',
    request_id: requestId(context),
    data: klingTask(context, task),
  });
}

async function query(context: RouteContext, endpoint: string, id: string): Promise<void> {
  const refusal = await tokenRefusal(context);
  if (refusal) return sendKlingError(context, 401, 1000, refusal);
  const found = context.tasks.tasks.get(id);
  if (!found || found.platform !== 'kling' || found.params.endpoint !== endpoint) {
    return sendKlingError(context, 404, 1203, 'task not found');
  }
  const task = context.tasks.report(id)!;
  sendJson(context, 200, {
    code: 0,
    message: 'SUCCEED',
    request_id: requestId(context),
    data: klingTask(context, task),
  });
}

function answered(context: RouteContext, work: Promise<void>): void {
  work.catch((error: unknown) =>
    sendKlingError(context, 500, 5000, `Mock upstream error: ${String(error)}`),
  );
}

export function handleKlingCreate(context: RouteContext, endpoint: string): void {
  answered(context, create(context, endpoint));
}

export function handleKlingQuery(context: RouteContext, endpoint: string, id: string): void {
  answered(context, query(context, endpoint, id));
}
