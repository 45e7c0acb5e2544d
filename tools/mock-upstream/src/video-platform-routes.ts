import { taskStage } from './async-tasks.js';
import { handleJimengAction } from './jimeng-api.js';
import { handleKlingCreate, handleKlingQuery } from './kling-api.js';
import { sendMockVideo } from './openai-videos.js';
import { sendProviderError } from './provider-errors.js';
import type { RouteContext } from './route-context.js';
import type { Route } from './routes.js';
import { findTencentRoute } from './tencent-api.js';
import { handleViduCreate, handleViduCreations } from './vidu-api.js';

const route = (handle: Route['handle']): Route => ({ provider: 'openai', handle });

const KLING_CREATE = /^\/v1\/videos\/(text2video|image2video)$/;
const KLING_QUERY = /^\/v1\/videos\/(text2video|image2video)\/([^/]+)$/;
const VIDU_CREATE = /^\/ent\/v2\/(text2video|img2video|start-end2video|reference2video)$/;
const VIDU_CREATIONS = /^\/ent\/v2\/tasks\/([^/]+)\/creations$/;
const RESULT_FILE = /^\/mock-videos\/([^/]+)\.mp4$/;
const PLATFORMS = new Set(['kling', 'jimeng', 'vidu']);

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * `GET /mock-videos/{task id}.mp4`: a finished Kling, Jimeng or Vidu task's file, as their storage
 * serves it (no credentials; ranges answered). Reading it does not advance the task.
 */
function handleResultFile(context: RouteContext, id: string): void {
  const task = context.tasks.tasks.get(id);
  if (!task || !PLATFORMS.has(task.platform) || taskStage(task) !== 'SUCCESS') {
    sendProviderError(context, 404, 'The file does not exist.', { code: 'not_found' });
    return;
  }
  sendMockVideo(context, id);
}

/**
 * Jimeng's visual API and Tencent's API both live at `POST /`: a request naming an `Action` in its
 * query is Volcengine's (Tencent names it in a header).
 */
function rootRoute(): Route {
  const tencent = findTencentRoute('POST', '/')!;
  return {
    provider: tencent.provider,
    handle: (context) =>
      context.query.Action ? handleJimengAction(context) : tencent.handle(context),
  };
}
const ROOT_ROUTE = rootRoute();

/** The video platforms' endpoints (Kling, Jimeng, Vidu) and their result files. */
export function findVideoPlatformRoute(method: string, path: string): Route | undefined {
  if (method === 'POST') {
    if (path === '/') return ROOT_ROUTE;
    const kling = KLING_CREATE.exec(path);
    if (kling) return route((context) => handleKlingCreate(context, kling[1]!));
    const vidu = VIDU_CREATE.exec(path);
    if (vidu) return route((context) => handleViduCreate(context, vidu[1]!));
    return undefined;
  }
  if (method !== 'GET') return undefined;
  const query = KLING_QUERY.exec(path);
  if (query) return route((context) => handleKlingQuery(context, query[1]!, decoded(query[2]!)));
  const creations = VIDU_CREATIONS.exec(path);
  if (creations) return route((context) => handleViduCreations(context, decoded(creations[1]!)));
  const file = RESULT_FILE.exec(path);
  return file ? route((context) => handleResultFile(context, decoded(file[1]!))) : undefined;
}
