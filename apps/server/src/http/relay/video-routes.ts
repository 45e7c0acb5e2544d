import { fastifyCookie } from '@fastify/cookie';
import { USER_STATUS } from '@tollgate/contracts';
import { decodeSession, SESSION_COOKIE_NAME } from '../../accounts/session-cookie.js';
import { RelayError } from '../../errors/relay-error.js';
import type { AuthenticatedCall } from '../../relay/auth/authenticate-relay.js';
import type { RelayExchange } from '../../relay/relay-exchange.js';
import type { RelayServices } from '../../relay/relay-services.js';
import { streamVideoContent } from '../../tasks/video/video-content.js';
import {
  createGeneration,
  createRemix,
  createVideo,
  retrieveVideo,
} from '../../tasks/video/video-face.js';
import { sessionIsCurrent } from '../../users/user-repository.js';
import { authenticateExchange } from './authenticate-exchange.js';
import { decodeSegment } from './path-segment.js';
import { nativeVideoRoute } from './native-video-routes.js';

/**
 * A video route: token-authenticated; the playground's, authenticated as `/pg/chat/completions`
 * (the console session and the `New-Api-User` header, checked before the body is read; the
 * body's `group`); or (the file) open to a token or the console session.
 */
export type VideoRoute =
  | {
      auth: 'token' | 'playground';
      run(services: RelayServices, exchange: RelayExchange, call: AuthenticatedCall): Promise<void>;
    }
  | { auth: 'viewer'; run(services: RelayServices, exchange: RelayExchange): Promise<void> };

const VIDEOS = /^\/v1\/videos(?:\/([^/]+)(?:\/(content|remix))?)?$/;
const GENERATIONS = /^\/v1\/video\/generations(?:\/([^/]+))?$/;
/**
 * The console playground's video submission: `POST /v1/videos`'s JSON body (plus `group`), paid
 * from the user's balance like the playground's chat. The playground follows the task in the
 * console's task log (`/api/task/self`) and plays its file from `/v1/videos/{id}/content`.
 */
const PLAYGROUND_VIDEOS = '/pg/videos';

/** True for paths of the video routes (the relay front hands them to the task routes). */
export function isVideoPath(path: string): boolean {
  return path.startsWith('/v1/videos') || path.startsWith('/v1/video/');
}

/**
 * The user a file request comes from: a token's owner (any relay key header), else the signed-in
 * console user of the session cookie, so the console's player can show a video without a token.
 * A file is only ever read, so the cookie alone suffices (no `New-Api-User` header, which a
 * `<video>` element cannot send).
 */
async function viewerId(services: RelayServices, exchange: RelayExchange): Promise<number> {
  const headers = exchange.headers;
  const session =
    headers.authorization || headers['x-api-key'] || headers['api-key']
      ? undefined
      : decodeSession(
          fastifyCookie.parse(headers.cookie ?? '')[SESSION_COOKIE_NAME],
          services.config.sessionSecret,
        );
  if (!session) return (await authenticateExchange(services, exchange)).caller.user.id;
  const user = await services.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', session.id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user || !sessionIsCurrent(user, session.v)) {
    throw new RelayError(401, '无权进行此操作，未登录', 'new_api_error', 'unauthorized');
  }
  if (user.status !== USER_STATUS.enabled) {
    throw new RelayError(403, '用户已被封禁', 'new_api_error', 'user_banned');
  }
  return user.id;
}

/**
 * The video routes (reference §10.1): OpenAI's `/v1/videos` face (create, retrieve, content,
 * remix), new-api's generic `/v1/video/generations`, the playground's `/pg/videos` and the
 * vendors' native faces (native-video-routes.ts). Undefined for any other method and path.
 */
export function videoRoute(method: string, path: string): VideoRoute | undefined {
  const native = nativeVideoRoute(method, path);
  if (native) return native;
  if (path === PLAYGROUND_VIDEOS) {
    return method === 'POST' ? { auth: 'playground', run: createVideo } : undefined;
  }
  const video = VIDEOS.exec(path);
  if (video) {
    const id = video[1] === undefined ? undefined : decodeSegment(video[1]);
    if (id === undefined)
      return method === 'POST' ? { auth: 'token', run: createVideo } : undefined;
    if (video[2] === 'remix') {
      return method === 'POST'
        ? {
            auth: 'token',
            run: (services, exchange, call) => createRemix(services, exchange, call, id),
          }
        : undefined;
    }
    if (method !== 'GET') return undefined;
    if (video[2] === 'content') {
      return {
        auth: 'viewer',
        run: async (services, exchange) =>
          streamVideoContent(services, exchange, await viewerId(services, exchange), id),
      };
    }
    return {
      auth: 'token',
      run: (services, exchange, call) => retrieveVideo(services, exchange, call, id, false),
    };
  }
  const generation = GENERATIONS.exec(path);
  if (!generation) return undefined;
  if (generation[1] === undefined) {
    return method === 'POST' ? { auth: 'token', run: createGeneration } : undefined;
  }
  const id = decodeSegment(generation[1]);
  return method === 'GET'
    ? {
        auth: 'token',
        run: (services, exchange, call) => retrieveVideo(services, exchange, call, id, true),
      }
    : undefined;
}
