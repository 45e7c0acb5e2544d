import { jimengAction } from '../../tasks/video/jimeng/jimeng-face.js';
import { createKlingTask, retrieveKlingTask } from '../../tasks/video/kling/kling-face.js';
import type { KlingEndpoint } from '../../tasks/video/kling/kling-provider.js';
import { decodeSegment } from './path-segment.js';
import type { VideoRoute } from './video-routes.js';

const KLING = /^\/kling\/v1\/videos\/(text2video|image2video)(?:\/([^/]+))?$/;
const JIMENG = /^\/jimeng\/?$/;

/**
 * The vendors' native faces (reference §10.1), token-authenticated: Kling's
 * `POST /kling/v1/videos/{text2video|image2video}` and `GET …/{endpoint}/{id}`, and Jimeng's
 * `POST /jimeng/?Action=…&Version=2022-08-31` (the action read from the query). Undefined for any
 * other method and path.
 */
export function nativeVideoRoute(method: string, path: string): VideoRoute | undefined {
  if (JIMENG.test(path)) {
    return method === 'POST' ? { auth: 'token', run: jimengAction } : undefined;
  }
  const match = KLING.exec(path);
  if (!match) return undefined;
  const endpoint = match[1] as KlingEndpoint;
  if (match[2] === undefined) {
    return method === 'POST'
      ? {
          auth: 'token',
          run: (services, exchange, call) => createKlingTask(services, exchange, call, endpoint),
        }
      : undefined;
  }
  const id = decodeSegment(match[2]);
  return method === 'GET'
    ? {
        auth: 'token',
        run: (services, exchange, call) => retrieveKlingTask(services, exchange, call, id),
      }
    : undefined;
}
