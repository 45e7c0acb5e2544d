import { taskStage, TASK_PROMPT_CONTROLS, type MockTask } from './async-tasks.js';
import { readArray, readNumber, readString, type JsonRecord } from './json-shape.js';
import { sendJson, type RouteContext } from './route-context.js';

/**
 * Vidu's API (`/ent/v2/{text2video|img2video|start-end2video|reference2video}` and
 * `GET /ent/v2/tasks/{id}/creations`), each call authorised by `Authorization: Token <key>`.
 */

/** The API key the mock knows: any other is a 401. */
export const MOCK_VIDU_API_KEY = 'vda_mock_0123456789abcdef';

/** Images each endpoint takes: [fewest, most]. */
const IMAGES: Readonly<Record<string, [number, number]>> = {
  text2video: [0, 0],
  img2video: [1, 1],
  'start-end2video': [2, 2],
  reference2video: [1, 7],
};

function sendViduError(context: RouteContext, status: number, reason: string, message: string) {
  sendJson(context, status, { code: status, reason, message, metadata: {} });
}

function authorised(context: RouteContext): boolean {
  if (context.request.headers.authorization === `Token ${MOCK_VIDU_API_KEY}`) return true;
  sendViduError(context, 401, 'UnAuthorized', 'invalid api key');
  return false;
}

/** Vidu's state of a mock task. */
function viduState(task: MockTask): string {
  const stage = taskStage(task);
  if (stage === 'SUBMITTED') return 'queueing';
  if (stage === 'IN_PROGRESS') return 'processing';
  return stage === 'SUCCESS' ? 'success' : 'failed';
}

/** `POST /ent/v2/{endpoint}`: a created task. */
export function handleViduCreate(context: RouteContext, endpoint: string): void {
  if (!authorised(context)) return;
  const model = readString(context.body, 'model') ?? '';
  const prompt = readString(context.body, 'prompt') ?? '';
  const images = readArray(context.body, 'images') ?? [];
  const [fewest, most] = IMAGES[endpoint]!;
  if (model === '') return sendViduError(context, 400, 'BadRequest', 'model is required');
  if (endpoint === 'text2video' && prompt === '') {
    return sendViduError(context, 400, 'BadRequest', 'prompt is required');
  }
  if (images.length < fewest || images.length > most) {
    return sendViduError(context, 400, 'BadRequest', `images must hold ${fewest}–${most} images`);
  }
  if (prompt.includes(TASK_PROMPT_CONTROLS.refuse)) {
    return sendViduError(context, 400, 'CreationPolicyViolation', 'prompt violates the policy');
  }
  const duration = readNumber(context.body, 'duration') ?? 4;
  const params: Record<string, string> = { endpoint, model, duration: String(duration) };
  const resolution = readString(context.body, 'resolution');
  if (resolution) params.resolution = resolution;
  const task = context.tasks.create('vidu', endpoint, prompt, params);
  const answer: JsonRecord = {
    task_id: task.id,
    state: 'created',
    model,
    prompt,
    images,
    duration,
    seed: 0,
    aspect_ratio: readString(context.body, 'aspect_ratio') ?? '16:9',
    resolution: resolution ?? '720p',
    movement_amplitude: 'auto',
    created_at: new Date(task.submitTime).toISOString(),
    credits: duration * 5,
  };
  sendJson(context, 200, answer);
}

/** `GET /ent/v2/tasks/{id}/creations`: the task, advanced one step. */
export function handleViduCreations(context: RouteContext, id: string): void {
  if (!authorised(context)) return;
  const found = context.tasks.tasks.get(id);
  if (!found || found.platform !== 'vidu') {
    return sendViduError(context, 404, 'NotFound', 'task not found');
  }
  const task = context.tasks.report(id)!;
  const state = viduState(task);
  sendJson(context, 200, {
    id: task.id,
    state,
    err_code: state === 'failed' ? 'mock upstream failure' : '',
    credits: Number(task.params.duration ?? 4) * 5,
    payload: '',
    creations:
      state === 'success'
        ? [
            {
              id: `${task.id}-creation`,
              url: `${context.baseUrl}/mock-videos/${task.id}.mp4`,
              cover_url: `${context.baseUrl}/mock-files/${task.id}.png`,
            },
          ]
        : [],
  });
}
