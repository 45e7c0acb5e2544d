import { isRecord, readArray, readString, type JsonRecord } from './json-shape.js';
import { MOCK_PNG_BASE64 } from './openai-images.js';
import { sendBytes, sendJson, type RouteContext } from './route-context.js';
import { midjourneyTaskDto, sunoTaskDto, TASK_PROMPT_CONTROLS } from './async-tasks.js';

const MOCK_PNG = Buffer.from(MOCK_PNG_BASE64, 'base64');

function promptOf(body: JsonRecord): string {
  return readString(body, 'prompt') ?? readString(body, 'gpt_description_prompt') ?? '';
}

function idsOf(body: JsonRecord): string[] {
  return (readArray(body, 'ids') ?? []).filter((id): id is string => typeof id === 'string');
}

/** Midjourney-proxy's key header must be present (it carries the channel key). */
function missingSecret(context: RouteContext): boolean {
  if (context.request.headers['mj-api-secret']) return false;
  sendJson(context, 401, { code: 401, description: 'mj-api-secret required' });
  return true;
}

/** `POST /mj/submit/<action>` and `/mj/insight-face/swap`: a new task (or code 24 on refusal). */
export function handleMidjourneySubmit(context: RouteContext, action: string): void {
  if (missingSecret(context)) return;
  const prompt = promptOf(context.body);
  if (prompt.includes(TASK_PROMPT_CONTROLS.refuse)) {
    sendJson(context, 200, { code: 24, description: '可能包含敏感词', result: '', properties: {} });
    return;
  }
  if (prompt.includes(TASK_PROMPT_CONTROLS.noAccount)) {
    sendJson(context, 200, {
      code: 3,
      description: '无可用的账号实例',
      result: '',
      properties: {},
    });
    return;
  }
  const task = context.tasks.create('mj', action, prompt);
  sendJson(context, 200, { code: 1, description: '提交成功', result: task.id, properties: {} });
}

/** `POST /mj/task/list-by-condition {ids}`: the known tasks among ids, each advanced one step. */
export function handleMidjourneyList(context: RouteContext): void {
  if (missingSecret(context)) return;
  const tasks = idsOf(context.body)
    .map((id) => context.tasks.report(id))
    .filter((task) => task !== undefined);
  sendJson(
    context,
    200,
    tasks.map((task) => midjourneyTaskDto(task, context.baseUrl)),
  );
}

/** `GET /mj/task/<id>/fetch` and `/mj/task/<id>/image-seed`. */
export function handleMidjourneyTask(context: RouteContext, id: string, seed: boolean): void {
  if (missingSecret(context)) return;
  const task = seed ? context.tasks.tasks.get(id) : context.tasks.report(id);
  if (!task) {
    sendJson(context, 404, { code: 4, description: 'task_not_found' });
    return;
  }
  if (seed) sendJson(context, 200, { code: 1, description: 'success', result: `seed-${task.id}` });
  else sendJson(context, 200, midjourneyTaskDto(task, context.baseUrl));
}

/** `GET /mj-files/<id>.png`: every task image (a 1×1 PNG). */
export function handleTaskImage(context: RouteContext): void {
  sendBytes(context, 200, 'image/png', MOCK_PNG);
}

/** `POST /suno/submit/<action>`: `{code: "success", data: <task id>}`. */
export function handleSunoSubmit(context: RouteContext, action: string): void {
  const prompt = promptOf(context.body);
  if (prompt.includes(TASK_PROMPT_CONTROLS.refuse)) {
    sendJson(context, 200, { code: 'error', message: 'prompt refused', data: null });
    return;
  }
  const task = context.tasks.create('suno', action.toUpperCase(), prompt);
  sendJson(context, 200, { code: 'success', message: '', data: task.id });
}

/** `POST /suno/fetch {ids}` and `GET /suno/fetch/<id>`: tasks, each advanced one step. */
export function handleSunoFetch(context: RouteContext, id?: string): void {
  const ids = id === undefined ? idsOf(isRecord(context.body) ? context.body : {}) : [id];
  const tasks = ids
    .map((taskId) => context.tasks.report(taskId))
    .filter((task) => task !== undefined)
    .map((task) => sunoTaskDto(task, context.baseUrl));
  sendJson(context, 200, {
    code: 'success',
    message: '',
    data: id === undefined ? tasks : (tasks[0] ?? null),
  });
}
