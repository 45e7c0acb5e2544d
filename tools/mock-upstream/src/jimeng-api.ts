import { taskStage, TASK_PROMPT_CONTROLS, type MockTask } from './async-tasks.js';
import { readArray, readString, type JsonRecord } from './json-shape.js';
import { sendJson, type RouteContext } from './route-context.js';
import { verifyVolcengineSignature } from './volcengine-signature.js';

/**
 * Jimeng on Volcengine's visual API: `POST /?Action=CVSync2AsyncSubmitTask&Version=2022-08-31`
 * and `…Action=CVSync2AsyncGetResult…`, each request's Volcengine signature checked first (a bad
 * one is the gateway's 401 with `ResponseMetadata.Error`). Answers are the API's `{code, message,
 * request_id, data}` with code 10000 for success; a failed task answers its error code.
 */

const VERSION = '2022-08-31';
const SUCCESS = 10000;

function requestId(context: RouteContext): string {
  return `mock-jimeng-${context.requestId}`;
}

/** The gateway's error (bad signature, unknown action): HTTP status and `ResponseMetadata`. */
function sendGatewayError(context: RouteContext, status: number, code: string, message: string) {
  sendJson(context, status, {
    ResponseMetadata: {
      RequestId: requestId(context),
      Action: context.query.Action ?? '',
      Version: context.query.Version ?? '',
      Service: 'cv',
      Region: 'cn-north-1',
      Error: { Code: code, Message: message },
    },
  });
}

/** The API's answer (`status` repeats `code`, as Volcengine's visual API does). */
function sendApiAnswer(
  context: RouteContext,
  httpStatus: number,
  code: number,
  message: string,
  data: JsonRecord | null,
) {
  sendJson(context, httpStatus, {
    code,
    data,
    message,
    request_id: requestId(context),
    status: code,
    time_elapsed: '12.5ms',
  });
}

/** Jimeng's status of a mock task. */
function jimengStatus(task: MockTask): string {
  const stage = taskStage(task);
  if (stage === 'SUBMITTED') return 'in_queue';
  return stage === 'IN_PROGRESS' ? 'generating' : 'done';
}

function submit(context: RouteContext): void {
  const reqKey = readString(context.body, 'req_key') ?? '';
  const prompt = readString(context.body, 'prompt') ?? '';
  if (!reqKey.startsWith('jimeng_')) {
    return sendApiAnswer(context, 400, 50400, 'Invalid Parameter: req_key', null);
  }
  const images =
    (readArray(context.body, 'image_urls')?.length ?? 0) +
    (readArray(context.body, 'binary_data_base64')?.length ?? 0);
  if (prompt === '' && images === 0) {
    return sendApiAnswer(context, 400, 50400, 'Invalid Parameter: prompt', null);
  }
  if (prompt.includes(TASK_PROMPT_CONTROLS.refuse)) {
    return sendApiAnswer(context, 400, 50412, 'Text Risk Not Pass', null);
  }
  const params: Record<string, string> = { req_key: reqKey, images: String(images) };
  const frames = context.body.frames;
  if (typeof frames === 'number') params.frames = String(frames);
  const aspectRatio = readString(context.body, 'aspect_ratio');
  if (aspectRatio) params.aspect_ratio = aspectRatio;
  const task = context.tasks.create('jimeng', 'generate', prompt, params);
  sendApiAnswer(context, 200, SUCCESS, 'Success', { task_id: task.id });
}

function getResult(context: RouteContext): void {
  const id = readString(context.body, 'task_id') ?? '';
  const found = context.tasks.tasks.get(id);
  if (!found || found.platform !== 'jimeng' || found.params.req_key !== context.body.req_key) {
    return sendApiAnswer(context, 200, SUCCESS, 'Success', { status: 'not_found' });
  }
  const task = context.tasks.report(id)!;
  if (taskStage(task) === 'FAILURE') {
    return sendApiAnswer(context, 200, 50511, 'mock upstream failure', null);
  }
  const status = jimengStatus(task);
  const data: JsonRecord = { status, video_url: '', binary_data_base64: [], image_urls: null };
  if (status === 'done') data.video_url = `${context.baseUrl}/mock-videos/${task.id}.mp4`;
  sendApiAnswer(context, 200, SUCCESS, 'Success', data);
}

async function answer(context: RouteContext): Promise<void> {
  const refusal = await verifyVolcengineSignature(context.request, context.rawBody);
  if (refusal) return sendGatewayError(context, 401, refusal.code, refusal.message);
  if (context.query.Version !== VERSION) {
    return sendGatewayError(context, 400, 'InvalidVersion', 'Version is invalid.');
  }
  if (context.query.Action === 'CVSync2AsyncSubmitTask') return submit(context);
  if (context.query.Action === 'CVSync2AsyncGetResult') return getResult(context);
  sendGatewayError(context, 404, 'InvalidActionOrVersion', 'Action is invalid.');
}

/** `POST /?Action=…`: the visual API's actions. */
export function handleJimengAction(context: RouteContext): void {
  answer(context).catch((error: unknown) =>
    sendGatewayError(context, 500, 'InternalError', `Mock upstream error: ${String(error)}`),
  );
}
