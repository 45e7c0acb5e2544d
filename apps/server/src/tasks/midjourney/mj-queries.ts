import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { CHANNEL_STATUS } from '@tollgate/contracts';
import type { AuthenticatedCall } from '../../relay/auth/authenticate-relay.js';
import type { RelayExchange } from '../../relay/relay-exchange.js';
import type { RelayServices } from '../../relay/relay-services.js';
import type { CachedChannel } from '../../relay/channel-cache.js';
import { type OutboundResponse } from '../../lib/outbound-guard/outbound-guard.js';
import { OutboundRefusedError } from '../../lib/outbound-guard/outbound-refused-error.js';
import { isFinal } from '../task-refund.js';
import { callTaskUpstream, channelBase, parseJson } from '../task-upstream.js';
import { toMidjourneyDto } from './mj-dto.js';
import { isImageLinkSignature } from './mj-image-link.js';
import { MidjourneyError } from './mj-error.js';
import { refreshMidjourneyTasks } from './mj-poller.js';

const IMAGE_TIMEOUT_MS = 60_000;

/** The caller's own task by its Midjourney id; another user's or an unknown id: `task_no_found`. */
async function callersTask(services: RelayServices, call: AuthenticatedCall, id: string) {
  const row = await services.db
    .selectFrom('midjourneys')
    .selectAll()
    .where('mj_id', '=', id)
    .where('user_id', '=', call.caller.user.id)
    .executeTakeFirst();
  if (!row) throw new MidjourneyError(4, 'task_no_found');
  return row;
}

/** `GET /mj/task/:id/fetch`: the caller's task from the database (never upstream). */
export async function fetchMidjourney(
  services: RelayServices,
  exchange: RelayExchange,
  call: AuthenticatedCall,
  id: string,
): Promise<void> {
  const row = await callersTask(services, call, id);
  exchange.sendJson(200, toMidjourneyDto(row, services.options, services.config.sessionSecret));
}

const idsSchema = z.object({ ids: z.array(z.string()).max(1000) }).passthrough();

/** `POST /mj/task/list-by-condition {ids}`: the caller's tasks among `ids`. */
export async function listMidjourney(
  services: RelayServices,
  exchange: RelayExchange,
  call: AuthenticatedCall,
): Promise<void> {
  const parsed = idsSchema.safeParse(parseJson(exchange.body.toString('utf8')));
  if (!parsed.success) throw new MidjourneyError(4, 'bind_request_body_failed');
  const rows =
    parsed.data.ids.length === 0
      ? []
      : await services.db
          .selectFrom('midjourneys')
          .selectAll()
          .where('mj_id', 'in', parsed.data.ids)
          .where('user_id', '=', call.caller.user.id)
          .execute();
  exchange.sendJson(
    200,
    rows.map((row) => toMidjourneyDto(row, services.options, services.config.sessionSecret)),
  );
}

const notifySchema = z.looseObject({ id: z.string().min(1) });

/**
 * `POST /mj/notify`: a hint that one of the caller's tasks changed. The body is never trusted
 * (anyone holding the key could otherwise report their own finished task as failed and be
 * refunded, or point its image at an internal address): the task is read again from its channel
 * and upstream's answer decides its state, exactly as a polling round would. A task already
 * final, or on a channel no longer enabled, is left to the poller.
 */
export async function notifyMidjourney(
  services: RelayServices,
  exchange: RelayExchange,
  call: AuthenticatedCall,
): Promise<void> {
  const parsed = notifySchema.safeParse(parseJson(exchange.body.toString('utf8')));
  if (!parsed.success) throw new MidjourneyError(4, 'bind_request_body_failed');
  const id = parsed.data.id;
  const row = await callersTask(services, call, id);
  if (!isFinal(row.status)) {
    const channel = services.channels.getById(Number(row.channel_id));
    if (!channel || channel.status !== CHANNEL_STATUS.enabled) {
      throw new MidjourneyError(4, '该任务所属渠道已被禁用');
    }
    await refreshMidjourneyTasks(services, channel, [row]);
  }
  exchange.sendJson(200, { code: 1, description: 'success', result: id });
}

/** `GET /mj/task/:id/image-seed`: forwarded to the task's channel. */
export async function imageSeedMidjourney(
  services: RelayServices,
  exchange: RelayExchange,
  call: AuthenticatedCall,
  id: string,
): Promise<void> {
  const row = await callersTask(services, call, id);
  const channel = services.channels.getById(Number(row.channel_id));
  if (!channel || channel.status !== CHANNEL_STATUS.enabled) {
    throw new MidjourneyError(4, '该任务所属渠道已被禁用');
  }
  const answer = await callTaskUpstream(
    services,
    channel,
    {
      method: 'GET',
      path: `/mj/task/${encodeURIComponent(id)}/image-seed`,
      headers: { 'mj-api-secret': channel.key, accept: 'application/json' },
    },
    IMAGE_TIMEOUT_MS,
  ).catch((error: unknown) => {
    throw new MidjourneyError(4, `do_request_failed: ${(error as Error).message}`);
  });
  exchange.send(answer.status, 'application/json; charset=utf-8', answer.text);
}

/**
 * `GET /mj/image/:id?sig=…` (no credential): the task's stored image, streamed through as it
 * arrives (never held whole), with its content type. Only a link this server signed opens it (an
 * unknown task and a wrong signature get the same answer). The address came from upstream, so it
 * is fetched through the outbound guard: any public address, or the origin of the task's own
 * channel (which may be internal), never another internal address.
 */
export async function proxyMidjourneyImage(
  services: RelayServices,
  exchange: RelayExchange,
  id: string,
): Promise<void> {
  const signature = new URLSearchParams(exchange.query).get('sig');
  const row = isImageLinkSignature(id, signature, services.config.sessionSecret)
    ? await services.db
        .selectFrom('midjourneys')
        .select(['image_url', 'channel_id'])
        .where('mj_id', '=', id)
        .executeTakeFirst()
    : undefined;
  if (!row || !row.image_url) {
    exchange.sendJson(400, { error: 'midjourney_task_not_found' });
    return;
  }
  const channel = services.channels.getById(Number(row.channel_id));
  let upstream: OutboundResponse;
  try {
    upstream = await services.outbound.request(row.image_url, {
      headers: { accept: 'image/*' },
      timeoutMs: IMAGE_TIMEOUT_MS,
      allowOrigins: channel ? [channelOrigin(channel)] : [],
    });
  } catch (error) {
    if (!(error instanceof OutboundRefusedError)) throw error;
    exchange.log.warn({ err: error, requestId: exchange.id }, 'midjourney image address refused');
    exchange.sendJson(502, { error: 'midjourney_image_address_refused' });
    return;
  }
  const response = exchange.response;
  response.statusCode = upstream.status;
  response.setHeader('content-type', String(upstream.headers['content-type'] ?? 'image/jpeg'));
  const length = upstream.headers['content-length'];
  if (length !== undefined) response.setHeader('content-length', String(length));
  for (const [name, value] of Object.entries(exchange.cors)) response.setHeader(name, value);
  exchange.firstByteAt = Date.now();
  await pipeline(upstream.body, response);
  exchange.finishedAt = Date.now();
}

/** The origin a channel's upstream answers from (its base URL, or its type's default). */
function channelOrigin(channel: CachedChannel): string {
  try {
    return new URL(channelBase(channel)).origin;
  } catch {
    return '';
  }
}
