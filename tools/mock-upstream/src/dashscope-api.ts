import { randomUUID } from 'node:crypto';
import { readArray, readRecord, readString, type JsonRecord } from './json-shape.js';
import { handleChatCompletions } from './openai-chat-completions.js';
import { DEFAULT_EMBEDDING_DIMENSIONS, mockEmbedding } from './openai-embeddings.js';
import { promptTokensForCharacters } from './reply-content.js';
import { sendBytes, sendJson, type RouteContext } from './route-context.js';
import type { Route } from './routes.js';
import { TASK_PROMPT_CONTROLS } from './async-tasks.js';

/** DashScope's error code per status (native API). */
const DASHSCOPE_CODES: Readonly<Record<number, string>> = {
  400: 'InvalidParameter',
  401: 'InvalidApiKey',
  403: 'AccessDenied',
  404: 'ModelNotFound',
  429: 'Throttling.RateQuota',
  500: 'InternalError',
};

/** `{"code","message","request_id"}`: DashScope's native error body. */
export function dashScopeErrorBody(status: number, message: string, code?: string | null): string {
  return JSON.stringify({
    code: code ?? DASHSCOPE_CODES[status] ?? (status >= 500 ? 'InternalError' : 'InvalidParameter'),
    message,
    request_id: randomUUID(),
  });
}

function sendDashScopeError(
  context: RouteContext,
  status: number,
  message: string,
  code?: string,
): void {
  sendBytes(context, status, 'application/json', dashScopeErrorBody(status, message, code));
}

function bearer(context: RouteContext): string {
  const value = context.request.headers.authorization;
  return (Array.isArray(value) ? value[0] : value)?.replace(/^Bearer\s+/i, '') ?? '';
}

/** DashScope refuses a call without a key before reading it. */
function keyMissing(context: RouteContext): boolean {
  if (bearer(context)) return false;
  sendDashScopeError(context, 401, 'No API-key provided.', 'InvalidApiKey');
  return true;
}

/** `POST /compatible-mode/v1/chat/completions`: OpenAI's chat, as DashScope serves it. */
function handleCompatibleChat(context: RouteContext): void {
  if (!bearer(context)) {
    sendJson(context, 401, {
      error: {
        message: 'No API-key provided.',
        type: 'invalid_request_error',
        code: 'invalid_api_key',
      },
    });
    return;
  }
  if (
    typeof context.body.top_p === 'number' &&
    (context.body.top_p <= 0 || context.body.top_p >= 1)
  ) {
    sendJson(context, 400, {
      error: {
        message: 'Range of top_p should be (0.0, 1.0)',
        type: 'invalid_request_error',
        code: 'invalid_parameter_error',
      },
    });
    return;
  }
  handleChatCompletions(context);
}

/** `POST /api/v1/services/embeddings/text-embedding/text-embedding`: `{model, input: {texts}}`. */
function handleTextEmbedding(context: RouteContext): void {
  if (keyMissing(context)) return;
  const texts = readArray(readRecord(context.body, 'input') ?? {}, 'texts');
  if (
    !readString(context.body, 'model') ||
    !texts?.length ||
    !texts.every((text) => typeof text === 'string')
  ) {
    sendDashScopeError(context, 400, 'input.texts should be a non-empty list of strings');
    return;
  }
  const strings = texts as string[];
  const parameters = readRecord(context.body, 'parameters');
  const dimension =
    typeof parameters?.dimension === 'number' ? parameters.dimension : DEFAULT_EMBEDDING_DIMENSIONS;
  const characters = strings.reduce((sum, text) => sum + text.length, 0);
  const answer: JsonRecord = {
    output: {
      embeddings: strings.map((text, index) => ({
        text_index: index,
        embedding: mockEmbedding(text, dimension),
      })),
    },
    request_id: randomUUID(),
  };
  if (!context.controls.omitUsage)
    answer.usage = { total_tokens: promptTokensForCharacters(characters) };
  sendJson(context, 200, answer);
}

/** One image task: it runs for two polls, then ends as the prompt's words chose. */
interface ImageTask {
  prompt: string;
  n: number;
  polls: number;
  submittedAt: string;
}

/** Tasks of every mock server of the process (ids are random, so servers never collide). */
const imageTasks = new Map<string, ImageTask>();
const MAX_TASKS = 1000;

/**
 * `POST …/text2image/image-synthesis`: only asynchronously (`X-DashScope-Async: enable`, as
 * DashScope requires), with `input.prompt`; answers the PENDING task.
 */
function handleImageSynthesis(context: RouteContext): void {
  if (keyMissing(context)) return;
  if (context.request.headers['x-dashscope-async'] !== 'enable') {
    sendDashScopeError(
      context,
      403,
      'current user api does not support synchronous calls',
      'AccessDenied',
    );
    return;
  }
  const input = readRecord(context.body, 'input');
  const prompt = input && readString(input, 'prompt');
  if (!readString(context.body, 'model') || !prompt) {
    sendDashScopeError(context, 400, 'Field required: input.prompt');
    return;
  }
  const parameters = readRecord(context.body, 'parameters') ?? {};
  const size = parameters.size;
  if (size !== undefined && (typeof size !== 'string' || !/^\d+\*\d+$/.test(size))) {
    sendDashScopeError(
      context,
      400,
      'The size is not match the allowed size ["1024*1024", "720*1280", "1280*720"]',
    );
    return;
  }
  const n =
    typeof parameters.n === 'number' ? Math.min(Math.max(1, Math.floor(parameters.n)), 4) : 1;
  const taskId = randomUUID();
  if (imageTasks.size >= MAX_TASKS) imageTasks.clear();
  imageTasks.set(taskId, { prompt, n, polls: 0, submittedAt: new Date().toISOString() });
  sendJson(context, 200, {
    output: { task_id: taskId, task_status: 'PENDING' },
    request_id: randomUUID(),
  });
}

/**
 * `GET /api/v1/tasks/{id}`: RUNNING on the first poll, then SUCCEEDED with `n` image URLs served
 * by the mock (or FAILED when the prompt holds `mock:fail`).
 */
function handleTaskQuery(context: RouteContext): void {
  if (keyMissing(context)) return;
  const taskId = context.pathParams.taskId ?? '';
  const task = imageTasks.get(taskId);
  if (!task) {
    sendJson(context, 200, {
      request_id: randomUUID(),
      output: { task_id: taskId, task_status: 'UNKNOWN' },
    });
    return;
  }
  task.polls += 1;
  const output: JsonRecord = { task_id: taskId, submit_time: task.submittedAt };
  if (task.polls < 2) {
    output.task_status = 'RUNNING';
    sendJson(context, 200, { request_id: randomUUID(), output });
    return;
  }
  if (task.prompt.includes(TASK_PROMPT_CONTROLS.fail)) {
    Object.assign(output, {
      task_status: 'FAILED',
      code: 'DataInspectionFailed',
      message: 'Input data may contain inappropriate content.',
    });
    sendJson(context, 200, { request_id: randomUUID(), output });
    return;
  }
  output.task_status = 'SUCCEEDED';
  output.results = Array.from({ length: task.n }, (_, index) => ({
    url: `${context.baseUrl}/mock-files/dashscope-${index}.png`,
    actual_prompt: `${task.prompt} (refined)`,
  }));
  output.task_metrics = { TOTAL: task.n, SUCCEEDED: task.n, FAILED: 0 };
  sendJson(context, 200, { request_id: randomUUID(), output, usage: { image_count: task.n } });
}

const native = (handle: Route['handle']): Route => ({ provider: 'dashscope', handle });
const ROUTES: ReadonlyMap<string, Route> = new Map([
  [
    'POST /compatible-mode/v1/chat/completions',
    { provider: 'openai', handle: handleCompatibleChat },
  ],
  ['POST /api/v1/services/embeddings/text-embedding/text-embedding', native(handleTextEmbedding)],
  ['POST /api/v1/services/aigc/text2image/image-synthesis', native(handleImageSynthesis)],
]);
const TASK_PATH = /^\/api\/v1\/tasks\/([^/]+)$/;
const taskQuery = native(handleTaskQuery);

/** Finds a DashScope route (compatible-mode chat, native embeddings, image tasks). */
export function findDashScopeRoute(
  method: string,
  path: string,
): { route: Route; params: Record<string, string> } | undefined {
  const route = ROUTES.get(`${method} ${path}`);
  if (route) return { route, params: {} };
  const task = method === 'GET' ? TASK_PATH.exec(path) : null;
  return task ? { route: taskQuery, params: { taskId: task[1]! } } : undefined;
}
