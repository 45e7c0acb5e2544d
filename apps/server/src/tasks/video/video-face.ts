import { RelayError } from '../../errors/relay-error.js';
import type { AuthenticatedCall } from '../../relay/auth/authenticate-relay.js';
import { readClientJsonObject } from '../../relay/parse-relay-body.js';
import type { RelayExchange } from '../../relay/relay-exchange.js';
import type { RelayServices } from '../../relay/relay-services.js';
import { readGenerationCall, readVideoCall } from './video-call.js';
import { toVideoObject, type StoredVideoTask } from './video-object.js';
import { remixVideo, submitVideo } from './video-submit.js';
import { findVideoTask } from './video-task-row.js';

/**
 * The generic face's task (reference §10.1, its shape unverified there): the video object, with
 * the address of its file once it is finished (`/v1/videos/{id}/content` on this server).
 */
function toGenerationObject(services: RelayServices, row: StoredVideoTask) {
  const video = toVideoObject(row);
  if (video.status !== 'completed') return video;
  const base = services.options.get('ServerAddress').replace(/\/+$/, '');
  return { ...video, url: `${base}/v1/videos/${encodeURIComponent(String(video.id))}/content` };
}

/** `POST /v1/videos` (JSON or multipart): a new video task, answered as OpenAI's video object. */
export async function createVideo(
  services: RelayServices,
  exchange: RelayExchange,
  call: AuthenticatedCall,
): Promise<void> {
  const contentType = String(exchange.headers['content-type'] ?? '');
  const videoCall = await readVideoCall(exchange.body, contentType);
  exchange.callModel = videoCall.model;
  exchange.sendJson(200, toVideoObject(await submitVideo(services, exchange, call, videoCall)));
}

/** `POST /v1/video/generations`: new-api's unified request, answered like its retrieval. */
export async function createGeneration(
  services: RelayServices,
  exchange: RelayExchange,
  call: AuthenticatedCall,
): Promise<void> {
  const videoCall = readGenerationCall(exchange.body);
  exchange.callModel = videoCall.model;
  const row = await submitVideo(services, exchange, call, videoCall);
  exchange.sendJson(200, toGenerationObject(services, row));
}

/** `POST /v1/videos/{id}/remix {prompt}`. */
export async function createRemix(
  services: RelayServices,
  exchange: RelayExchange,
  call: AuthenticatedCall,
  sourceId: string,
): Promise<void> {
  const prompt = readClientJsonObject(exchange.body).prompt;
  if (typeof prompt !== 'string' || prompt.trim() === '') {
    throw RelayError.badRequest('prompt is required', 'invalid_prompt');
  }
  const row = await remixVideo(services, exchange, call, sourceId, prompt.trim());
  exchange.sendJson(200, toVideoObject(row));
}

/**
 * `GET /v1/videos/{id}` and `GET /v1/video/generations/{id}`: the caller's task as the poller
 * last saw it (no upstream call).
 */
export async function retrieveVideo(
  services: RelayServices,
  exchange: RelayExchange,
  call: AuthenticatedCall,
  id: string,
  generic: boolean,
): Promise<void> {
  const { row } = await findVideoTask(services, call.caller.user.id, id);
  exchange.sendJson(200, generic ? toGenerationObject(services, row) : toVideoObject(row));
}
