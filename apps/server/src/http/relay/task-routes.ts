import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { TrustedProxies } from '../../lib/trusted-proxies.js';
import type { AuthenticatedCall } from '../../relay/auth/authenticate-relay.js';
import {
  authenticatePlaygroundSession,
  playgroundCall,
} from '../../relay/auth/playground-caller.js';
import { preflightHeaders } from '../../relay/cors.js';
import { RelayExchange } from '../../relay/relay-exchange.js';
import type { RelayServices } from '../../relay/relay-services.js';
import { MJ_SUBMIT_ROUTES } from '../../tasks/midjourney/mj-actions.js';
import { MidjourneyError } from '../../tasks/midjourney/mj-error.js';
import {
  fetchMidjourney,
  imageSeedMidjourney,
  listMidjourney,
  notifyMidjourney,
  proxyMidjourneyImage,
} from '../../tasks/midjourney/mj-queries.js';
import { submitMidjourney } from '../../tasks/midjourney/mj-submit.js';
import { TaskError, type TaskPlatformAdaptor } from '../../tasks/task-platform.js';
import { TASK_PLATFORMS } from '../../tasks/task-platforms.js';
import { fetchPlatformTask, fetchPlatformTasks } from '../../tasks/task-queries.js';
import { submitPlatformTask } from '../../tasks/task-submit.js';
import { readRelayBody } from './read-relay-body.js';
import { authenticateExchange } from './authenticate-exchange.js';
import { sendRelayError } from './relay-error-response.js';
import { videoRoute } from './video-routes.js';

/** `/mj/<rest>` and `/<mode>/mj/<rest>` (`/mj-fast/mj/…`); `/api/mj/…` is the console's. */
const MIDJOURNEY_PATH = /^(?:\/([^/]+))?\/mj\/(.+)$/;
const TASK_FETCH = /^task\/([^/]+)\/fetch$/;
const TASK_IMAGE_SEED = /^task\/([^/]+)\/image-seed$/;
const IMAGE = /^image\/([^/]+)$/;
/** `/<platform>/submit/:action`, `/<platform>/fetch`, `/<platform>/fetch/:id`. */
const PLATFORM_PATH = /^\/([^/]+)\/(submit\/([^/]+)|fetch(?:\/([^/]+))?)$/;

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Answers an error of a task route in its family's shape. */
function sendTaskError(exchange: RelayExchange, error: unknown): void {
  if (error instanceof MidjourneyError) {
    exchange.sendJson(error.status, error.toBody());
  } else if (error instanceof TaskError) {
    exchange.sendJson(error.status, error.toBody());
  } else {
    sendRelayError(exchange, error);
  }
}

/**
 * The asynchronous task routes (reference §10): Midjourney-proxy under `/mj/…` and
 * `/<mode>/mj/…`, every task platform under `/<platform>/…`, and video under `/v1/videos` and
 * `/v1/video/generations` (video-routes.ts). Token-authenticated (the `mj-api-secret` header is
 * accepted), except the image proxy and a video's file (a token or the console session).
 */
export class TaskRoutes {
  constructor(
    private readonly services: RelayServices,
    private readonly logger: () => FastifyBaseLogger,
    private readonly proxies: TrustedProxies,
  ) {}

  /** True when the request is a task route (and is now being answered). */
  handle(request: IncomingMessage, response: ServerResponse): boolean {
    const url = request.url ?? '';
    const mark = url.indexOf('?');
    const path = mark < 0 ? url : url.slice(0, mark);
    const method = request.method ?? 'GET';
    const video = videoRoute(method, path);
    if (video) {
      const services = this.services;
      if (video.auth === 'viewer') {
        this.run(request, response, false, (exchange) => video.run(services, exchange));
      } else {
        this.run(
          request,
          response,
          video.auth === 'playground' ? 'playground' : true,
          (exchange, call) => video.run(services, exchange, call!),
        );
      }
      return true;
    }
    const mj = MIDJOURNEY_PATH.exec(path);
    if (mj && mj[1] !== 'api') {
      return this.midjourney(request, response, method, mj[2]);
    }
    const platform = PLATFORM_PATH.exec(path);
    const adaptor = platform ? TASK_PLATFORMS.get(platform[1]) : undefined;
    if (!platform || !adaptor) return false;
    if (method === 'OPTIONS') return this.preflight(request, response);
    if (platform[3] !== undefined && method === 'POST') {
      const action = decode(platform[3]);
      this.run(request, response, true, (exchange, call) =>
        submitPlatformTask(this.services, exchange, call!, adaptor, action),
      );
      return true;
    }
    if (platform[2] === 'fetch' && method === 'POST') {
      this.run(request, response, true, (exchange, call) =>
        fetchPlatformTasks(this.services, exchange, call!, adaptor),
      );
      return true;
    }
    if (platform[4] !== undefined && method === 'GET') {
      const id = decode(platform[4]);
      this.run(request, response, true, (exchange, call) =>
        fetchPlatformTask(
          this.services,
          exchange,
          call!,
          adaptor satisfies TaskPlatformAdaptor,
          id,
        ),
      );
      return true;
    }
    return false;
  }

  private midjourney(
    request: IncomingMessage,
    response: ServerResponse,
    method: string,
    rest: string,
  ): boolean {
    const services = this.services;
    if (method === 'OPTIONS') return this.preflight(request, response);
    if (method === 'GET') {
      const image = IMAGE.exec(rest);
      if (image) {
        this.run(request, response, false, (exchange) =>
          proxyMidjourneyImage(services, exchange, decode(image[1])),
        );
        return true;
      }
      const fetch = TASK_FETCH.exec(rest);
      if (fetch) {
        this.run(request, response, true, (exchange, call) =>
          fetchMidjourney(services, exchange, call!, decode(fetch[1])),
        );
        return true;
      }
      const seed = TASK_IMAGE_SEED.exec(rest);
      if (seed) {
        this.run(request, response, true, (exchange, call) =>
          imageSeedMidjourney(services, exchange, call!, decode(seed[1])),
        );
        return true;
      }
      return false;
    }
    if (method !== 'POST') return false;
    if (rest === 'task/list-by-condition') {
      this.run(request, response, true, (exchange, call) =>
        listMidjourney(services, exchange, call!),
      );
      return true;
    }
    if (rest === 'notify') {
      this.run(request, response, true, (exchange, call) =>
        notifyMidjourney(services, exchange, call!),
      );
      return true;
    }
    const route = MJ_SUBMIT_ROUTES.get(rest);
    if (!route) return false;
    this.run(request, response, true, (exchange, call) =>
      submitMidjourney(services, exchange, call!, route, rest),
    );
    return true;
  }

  private preflight(request: IncomingMessage, response: ServerResponse): boolean {
    const exchange = new RelayExchange(request, response, this.logger(), this.proxies);
    exchange.sendEmpty(204, preflightHeaders(exchange));
    return true;
  }

  /**
   * Authenticates (when asked: a token, or the console playground's session), reads the body and
   * runs the route, answering its errors.
   */
  private run(
    request: IncomingMessage,
    response: ServerResponse,
    authenticate: boolean | 'playground',
    route: (exchange: RelayExchange, call: AuthenticatedCall | undefined) => Promise<void>,
  ): void {
    const services = this.services;
    const exchange = new RelayExchange(request, response, this.logger(), this.proxies);
    void services.inFlight.run(async () => {
      let release = () => {};
      try {
        let call: AuthenticatedCall | undefined;
        // The playground's user, from the headers; its group comes from the body, read next.
        const player =
          authenticate === 'playground'
            ? await authenticatePlaygroundSession(
                exchange,
                services.db,
                services.config.sessionSecret,
              )
            : undefined;
        if (authenticate === true) {
          call = await authenticateExchange(services, exchange);
        }
        if (request.method === 'POST') {
          const reading = readRelayBody(request, services.bodyBudget, {
            idleTimeoutMs: services.config.bodyIdleTimeoutSeconds * 1000,
          });
          release = reading.release;
          exchange.body = await reading.body;
        }
        if (player) call = playgroundCall(player, exchange.body, services.options);
        await route(exchange, call);
      } catch (error) {
        sendTaskError(exchange, error);
      } finally {
        release();
      }
    });
  }
}
