import { decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { writeEventStream, type StreamPlan } from './event-stream.js';
import { isRecord, readArray, type JsonRecord } from './json-shape.js';
import { handleChatCompletions } from './openai-chat-completions.js';
import { handleEmbeddings } from './openai-embeddings.js';
import {
  chunkText,
  completionTokens,
  messagesCharacters,
  promptTokensForCharacters,
  replyText,
} from './reply-content.js';
import { sendJson, type RouteContext } from './route-context.js';
import type { Route } from './routes.js';

/** The Zhipu API key (`id.secret`) the mock knows; any other key id is refused. */
export const MOCK_ZHIPU_API_KEY = 'mock-zhipu-id.mock-zhipu-secret-0123456789abcdef';
const [MOCK_KEY_ID, MOCK_KEY_SECRET] = MOCK_ZHIPU_API_KEY.split('.') as [string, string];

/** Tokens may be made this far in the future (clock skew), like the mock's tolerance elsewhere. */
const CLOCK_SKEW_MS = 60_000;

/** Why Zhipu refuses a token: its business code and message. */
interface Refusal {
  code: number;
  message: string;
}

/**
 * Zhipu's token check: `Authorization` carries an HS256 JWT (v4 also takes it after `Bearer `)
 * whose protected header has `sign_type: SIGN`, signed with the secret of the key named by
 * `api_key`, with `exp` and `timestamp` in milliseconds and `exp` in the future.
 */
async function refuseToken(authorization: string | undefined): Promise<Refusal | undefined> {
  const token = (authorization ?? '').replace(/^Bearer\s+/i, '');
  if (!token) return { code: 1001, message: 'Header中未收到Authorization参数，无法进行身份验证。' };
  let apiKey: unknown;
  let header: Record<string, unknown>;
  try {
    apiKey = decodeJwt(token).api_key;
    header = decodeProtectedHeader(token);
  } catch {
    return { code: 1002, message: 'Authorization Token非法，请确认Authorization Token正确传递。' };
  }
  if (header.sign_type !== 'SIGN' || header.alg !== 'HS256') {
    return { code: 1002, message: 'Authorization Token非法，请确认Authorization Token正确传递。' };
  }
  if (apiKey !== MOCK_KEY_ID) return { code: 1000, message: '身份验证失败。' };
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, new TextEncoder().encode(MOCK_KEY_SECRET), {
      algorithms: ['HS256'],
    }));
  } catch {
    return { code: 1004, message: '提供的Authorization Token验证失败。' };
  }
  const now = Date.now();
  const { exp, timestamp } = payload;
  // Zhipu counts in milliseconds: a seconds value would be long expired.
  if (typeof exp !== 'number' || typeof timestamp !== 'number' || exp <= now) {
    return { code: 1003, message: 'Authorization Token已过期。' };
  }
  if (timestamp > now + CLOCK_SKEW_MS || timestamp >= exp) {
    return { code: 1004, message: '提供的Authorization Token验证失败。' };
  }
  return undefined;
}

function header(context: RouteContext, name: string): string | undefined {
  const value = context.request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Runs `handle` once the token is accepted; otherwise answers as Zhipu's version does. */
function withToken(version: 'v3' | 'v4', handle: (context: RouteContext) => void): Route {
  return {
    provider: version === 'v3' ? 'zhipu' : 'openai',
    handle(context) {
      refuseToken(header(context, 'authorization')).then(
        (refusal) => {
          if (!refusal) handle(context);
          // v3 reports errors with HTTP 200; v4 with 401 and an `error` object.
          else if (version === 'v3') sendJson(context, 200, v3Error(refusal));
          else
            sendJson(context, 401, {
              error: { code: String(refusal.code), message: refusal.message },
            });
        },
        () => context.response.destroy(),
      );
    },
  };
}

function v3Error(refusal: Refusal): JsonRecord {
  return { code: refusal.code, msg: refusal.message, success: false };
}

/** `data:` lines of a v3 event: the text exactly, one line per line of text. */
function dataLines(text: string): string {
  return text
    .split('\n')
    .map((line) => `data:${line}`)
    .join('\n');
}

function v3Usage(prompt: unknown[], chunks: number): JsonRecord {
  const promptTokens = promptTokensForCharacters(messagesCharacters(prompt));
  const completion = completionTokens(chunks);
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completion,
    total_tokens: promptTokens + completion,
  };
}

function v3Plan(context: RouteContext, taskId: string, prompt: unknown[]): StreamPlan {
  const { chunks } = context.controls;
  const content: string[] = [];
  for (let index = 0; index < chunks; index += 1) {
    content.push(`event:add\nid:${taskId}\n${dataLines(chunkText(index))}\n\n`);
  }
  const meta: JsonRecord = { task_status: 'SUCCESS', task_id: taskId, request_id: taskId };
  if (!context.controls.omitUsage) meta.usage = v3Usage(prompt, chunks);
  return {
    head: '',
    content,
    tail: `event:finish\nid:${taskId}\ndata:\nmeta:${JSON.stringify(meta)}\n\n`,
    malformedEvent: `event:add\nid:${taskId}\n`,
    errorEvent: `event:error\nid:${taskId}\ndata:Mock upstream stream error\n\n`,
  };
}

/**
 * v3 `invoke` / `sse-invoke` of `{model}`: `prompt` must be a non-empty list of user/assistant
 * turns and `top_p` below 1 (v3's own limits). The plain answer's content is JSON-quoted, as v3
 * sends it; the stream is Zhipu's `event:add` / `event:finish` + `meta:` framing.
 */
function handleV3(context: RouteContext, stream: boolean): void {
  const { body } = context;
  const prompt = readArray(body, 'prompt');
  const validRoles = prompt?.every(
    (turn) => isRecord(turn) && (turn.role === 'user' || turn.role === 'assistant'),
  );
  if (!prompt || prompt.length === 0 || !validRoles) {
    sendJson(context, 200, { code: 1214, msg: 'prompt 参数非法。', success: false });
    return;
  }
  if (typeof body.top_p === 'number' && (body.top_p <= 0 || body.top_p >= 1)) {
    sendJson(context, 200, { code: 1214, msg: 'top_p 取值范围为 (0, 1)。', success: false });
    return;
  }
  const taskId = context.nextId('zhipu-task-');
  if (stream) {
    if (body.incremental !== true) {
      // Without `incremental`, each event would repeat the whole text so far.
      sendJson(context, 200, { code: 1214, msg: 'incremental 需为 true。', success: false });
      return;
    }
    writeEventStream(context, v3Plan(context, taskId, prompt));
    return;
  }
  const data: JsonRecord = {
    task_id: taskId,
    request_id: taskId,
    task_status: 'SUCCESS',
    choices: [{ role: 'assistant', content: JSON.stringify(replyText(context.controls.chunks)) }],
  };
  if (!context.controls.omitUsage) data.usage = v3Usage(prompt, context.controls.chunks);
  sendJson(context, 200, { code: 200, msg: '操作成功', success: true, data });
}

/** v4 chat: OpenAI's shapes; Zhipu reports usage at the end of every stream. */
function handleV4Chat(context: RouteContext): void {
  if (context.body.stream === true) {
    context.body = { ...context.body, stream_options: { include_usage: true } };
  }
  handleChatCompletions(context);
}

const V3_PATH = /^\/api\/paas\/v3\/model-api\/([^/]+)\/(invoke|sse-invoke)$/;
const V4_ROUTES: ReadonlyMap<string, Route> = new Map([
  ['/api/paas/v4/chat/completions', withToken('v4', handleV4Chat)],
  ['/api/paas/v4/embeddings', withToken('v4', handleEmbeddings)],
]);
const v3Invoke = withToken('v3', (context) => handleV3(context, false));
const v3SseInvoke = withToken('v3', (context) => handleV3(context, true));

/** Finds a Zhipu v3 or v4 route for `method path`. */
export function findZhipuRoute(
  method: string,
  path: string,
): { route: Route; params: Record<string, string> } | undefined {
  if (method !== 'POST') return undefined;
  const v4 = V4_ROUTES.get(path);
  if (v4) return { route: v4, params: {} };
  const v3 = V3_PATH.exec(path);
  if (!v3) return undefined;
  let model = v3[1]!;
  try {
    model = decodeURIComponent(model);
  } catch {
    // Keep the segment as sent.
  }
  return { route: v3[2] === 'invoke' ? v3Invoke : v3SseInvoke, params: { model } };
}

/** Zhipu v3's error for the mock's status controls: a business code inside an HTTP 200. */
export function zhipuErrorBody(status: number, message: string): string {
  const code = status === 401 ? 1002 : status === 429 ? 1302 : status < 500 ? 1214 : 500;
  return JSON.stringify({ code, msg: message, success: false });
}
