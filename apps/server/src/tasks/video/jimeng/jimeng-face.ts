import { RelayError } from '../../../errors/relay-error.js';
import type { AuthenticatedCall } from '../../../relay/auth/authenticate-relay.js';
import { readClientJsonObject } from '../../../relay/parse-relay-body.js';
import type { RelayExchange } from '../../../relay/relay-exchange.js';
import type { RelayServices } from '../../../relay/relay-services.js';
import type { StoredVideoTask } from '../video-object.js';
import type { VideoCall } from '../video-provider.js';
import { submitVideo } from '../video-submit.js';
import { findVideoTask } from '../video-task-row.js';
import { jimengProvider } from './jimeng-provider.js';

/** The visual API's version, the code of success and the one Tollgate answers a failed task with. */
const VERSION = '2022-08-31';
const SUCCESS_CODE = 10000;
const FAILED_CODE = 50500;
/** Jimeng's own fields passed on as they are. */
const PASSED_FIELDS = ['seed', 'aspect_ratio', 'frames'];

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

function strings(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

/**
 * A native `CVSync2AsyncSubmitTask` body (`req_key`, `prompt`, `image_urls` or
 * `binary_data_base64`, `aspect_ratio`, `seed`, `frames`) as a video call: `req_key` is the model,
 * `frames` above 121 (5 s at 24 fps) make a 10 s clip.
 */
export function readJimengCall(body: Buffer): VideoCall {
  const json = readClientJsonObject(body);
  const model = text(json.req_key);
  if (model === '') throw RelayError.badRequest('req_key is required', 'invalid_req_key');
  const images = [
    ...strings(json.image_urls),
    ...strings(json.binary_data_base64).map(
      (data) => `data:application/octet-stream;base64,${data}`,
    ),
  ];
  const prompt = text(json.prompt);
  if (prompt === '' && images.length === 0) {
    throw RelayError.badRequest('prompt is required', 'invalid_prompt');
  }
  const fields: Record<string, unknown> = { images };
  for (const name of PASSED_FIELDS) if (json[name] !== undefined) fields[name] = json[name];
  const frames = Number(json.frames ?? 0);
  return {
    model,
    prompt,
    seconds: frames > 121 ? 10 : 5,
    size: '',
    fields,
    files: [],
    multipart: false,
  };
}

/** The visual API's answer (`status` repeats `code`). */
function answer(exchange: RelayExchange, code: number, message: string, data: unknown) {
  return { code, data, message, request_id: exchange.id, status: code, time_elapsed: '' };
}

/** `CVSync2AsyncGetResult`'s data of a task: its status and, once done, its file here. */
function resultOf(services: RelayServices, exchange: RelayExchange, row: StoredVideoTask) {
  if (row.status === 'FAILURE') {
    return answer(exchange, FAILED_CODE, row.fail_reason || 'task failed', null);
  }
  const status =
    row.status === 'SUCCESS' ? 'done' : row.status === 'IN_PROGRESS' ? 'generating' : 'in_queue';
  const base = services.options.get('ServerAddress').replace(/\/+$/, '');
  const id = encodeURIComponent(String(row.task_id));
  return answer(exchange, SUCCESS_CODE, 'Success', {
    status,
    video_url: status === 'done' ? `${base}/v1/videos/${id}/content` : '',
  });
}

/**
 * `POST /jimeng/?Action=CVSync2AsyncSubmitTask|CVSync2AsyncGetResult&Version=2022-08-31`
 * (reference §10.1, new-api's `JimengRequestConvert`): Volcengine's visual API face, served only
 * by Jimeng channels and answered in its shape with Tollgate's task id. A failed task answers code
 * 50500 with its reason.
 */
export async function jimengAction(
  services: RelayServices,
  exchange: RelayExchange,
  call: AuthenticatedCall,
): Promise<void> {
  const query = new URLSearchParams(exchange.query);
  const action = query.get('Action');
  if (query.get('Version') !== VERSION) {
    throw RelayError.badRequest(`Version must be ${VERSION}`, 'invalid_version');
  }
  if (action === 'CVSync2AsyncSubmitTask') {
    const videoCall = readJimengCall(exchange.body);
    exchange.callModel = videoCall.model;
    const row = await submitVideo(services, exchange, call, videoCall, jimengProvider.platform);
    exchange.sendJson(200, answer(exchange, SUCCESS_CODE, 'Success', { task_id: row.task_id }));
    return;
  }
  if (action === 'CVSync2AsyncGetResult') {
    const id = text(readClientJsonObject(exchange.body).task_id);
    const found = await findVideoTask(services, call.caller.user.id, id).catch((error) => {
      // An unknown id (or another user's) is the API's `not_found` status, not an error.
      if (error instanceof RelayError && error.status === 404) return undefined;
      throw error;
    });
    if (!found || found.row.platform !== jimengProvider.platform) {
      exchange.sendJson(200, answer(exchange, SUCCESS_CODE, 'Success', { status: 'not_found' }));
      return;
    }
    exchange.sendJson(200, resultOf(services, exchange, found.row));
    return;
  }
  throw RelayError.badRequest(`unknown Action: ${action ?? ''}`, 'invalid_action');
}
