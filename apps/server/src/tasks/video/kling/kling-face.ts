import { RelayError } from '../../../errors/relay-error.js';
import type { AuthenticatedCall } from '../../../relay/auth/authenticate-relay.js';
import { readClientJsonObject } from '../../../relay/parse-relay-body.js';
import type { RelayExchange } from '../../../relay/relay-exchange.js';
import type { RelayServices } from '../../../relay/relay-services.js';
import { parseJson } from '../../task-upstream.js';
import { recordOf } from '../video-conversion.js';
import type { StoredVideoTask } from '../video-object.js';
import type { VideoCall } from '../video-provider.js';
import { submitVideo } from '../video-submit.js';
import { findVideoTask } from '../video-task-row.js';
import { klingProvider, klingSeconds, type KlingEndpoint } from './kling-provider.js';

/** The model of a native request naming none (new-api's default). */
const DEFAULT_KLING_MODEL = 'kling-v1';
/** Fields Tollgate reads itself and never forwards (`group` is new-api's local field). */
const LOCAL_FIELDS = new Set(['model_name', 'model', 'group']);

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

/**
 * A native Kling request (`model_name`, `prompt`, `duration`, `image`, and Kling's other fields)
 * as a video call: text-to-video needs a prompt, image-to-video an image; the clip is 5 s unless
 * `duration` says otherwise.
 */
export function readKlingCall(body: Buffer, endpoint: KlingEndpoint): VideoCall {
  const json = readClientJsonObject(body);
  const prompt = text(json.prompt);
  if (endpoint === 'text2video' && prompt === '') {
    throw RelayError.badRequest('prompt is required', 'invalid_prompt');
  }
  if (endpoint === 'image2video' && text(json.image) === '') {
    throw RelayError.badRequest('image is required', 'invalid_image');
  }
  const given = text(json.duration);
  const seconds = given === '' ? 5 : Number(given);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) {
    throw RelayError.badRequest(`Invalid duration: ${given}`, 'invalid_duration');
  }
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(json)) {
    if (!LOCAL_FIELDS.has(name)) fields[name] = value;
  }
  return {
    model: text(json.model_name) || text(json.model) || DEFAULT_KLING_MODEL,
    prompt,
    seconds,
    size: '',
    fields,
    files: [],
    multipart: false,
  };
}

/** Kling's task state of a task's. */
function klingStatus(status: string | null): string {
  if (status === 'IN_PROGRESS') return 'processing';
  if (status === 'SUCCESS') return 'succeed';
  return status === 'FAILURE' ? 'failed' : 'submitted';
}

/**
 * A task in Kling's shape (`{code: 0, message, request_id, data}`) under Tollgate's public id;
 * a finished task's video is its file on this server (`/v1/videos/{id}/content`).
 */
function klingAnswer(services: RelayServices, exchange: RelayExchange, row: StoredVideoTask) {
  const status = klingStatus(row.status);
  const created = Number(row.submit_time ?? row.created_at ?? 0) * 1000;
  const finished = Number(row.finish_time ?? 0) * 1000;
  const data: Record<string, unknown> = {
    task_id: row.task_id,
    task_status: status,
    task_status_msg: status === 'failed' ? row.fail_reason || 'task failed' : '',
    task_info: {},
    created_at: created,
    updated_at: finished || created,
  };
  if (status === 'succeed') {
    const stored = recordOf(row.data ? parseJson(row.data) : undefined);
    const properties = recordOf(row.properties ? parseJson(row.properties) : undefined);
    const base = services.options.get('ServerAddress').replace(/\/+$/, '');
    const id = encodeURIComponent(String(row.task_id));
    data.task_result = {
      videos: [
        {
          id: row.task_id,
          url: `${base}/v1/videos/${id}/content`,
          duration: text(stored?.seconds) || String(klingSeconds(Number(properties?.seconds))),
        },
      ],
    };
  }
  return { code: 0, message: 'SUCCEED', request_id: exchange.id, data };
}

/**
 * `POST /kling/v1/videos/{text2video|image2video}` (reference §10.1, new-api's
 * `KlingRequestConvert`): a native Kling request, served only by Kling channels, answered in
 * Kling's shape with Tollgate's task id.
 */
export async function createKlingTask(
  services: RelayServices,
  exchange: RelayExchange,
  call: AuthenticatedCall,
  endpoint: KlingEndpoint,
): Promise<void> {
  const videoCall = readKlingCall(exchange.body, endpoint);
  exchange.callModel = videoCall.model;
  const row = await submitVideo(services, exchange, call, videoCall, klingProvider.platform);
  exchange.sendJson(200, klingAnswer(services, exchange, row));
}

/** `GET /kling/v1/videos/{text2video|image2video}/{id}`: one of the caller's Kling tasks. */
export async function retrieveKlingTask(
  services: RelayServices,
  exchange: RelayExchange,
  call: AuthenticatedCall,
  id: string,
): Promise<void> {
  const { row } = await findVideoTask(services, call.caller.user.id, id);
  if (row.platform !== klingProvider.platform) {
    throw new RelayError(404, `Task '${id}' not found.`, 'invalid_request_error', 'not_found');
  }
  exchange.sendJson(200, klingAnswer(services, exchange, row));
}
