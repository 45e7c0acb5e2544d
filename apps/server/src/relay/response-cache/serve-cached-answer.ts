import { REQUEST_ID_HEADER } from '../request-id.js';
import type { RelayCall } from '../relay-call-context.js';
import type { CachedAnswer } from './cache-entry.js';
import { CACHE_HEADER, type CachePlan } from './cache-plan.js';

/** Size of the writes a stored stream is replayed in. */
const REPLAY_CHUNK_BYTES = 16 * 1024;

/**
 * Answers a call with a stored answer, byte for byte, without an upstream call: a plain answer
 * as one body, a stream as the same bytes in chunks. As for an upstream answer, the last byte
 * waits for the charge and its log row (the rule's charge ratio × the original quota, possibly
 * nothing, which gives the whole hold back).
 */
export async function serveCachedAnswer(
  call: RelayCall,
  answer: CachedAnswer,
  plan: CachePlan,
): Promise<void> {
  const { exchange } = call;
  call.firstResponseAt = Date.now();
  const quota = Math.round(answer.quota * plan.terms.chargeRatio);
  const settle = () =>
    call.settle({
      usage: answer.usage,
      channel: undefined,
      failed: false,
      cached: {
        quota,
        savedQuota: Math.max(0, answer.quota - quota),
        chargeRatio: plan.terms.chargeRatio,
      },
    });
  if (!answer.stream) {
    const complete = exchange.sendAllButLastByte(answer.status, answer.contentType, answer.body, {
      [CACHE_HEADER]: 'hit',
    });
    await settle();
    complete();
    return;
  }
  const client = exchange.response;
  client.writeHead(answer.status, {
    ...exchange.cors,
    'content-type': answer.contentType,
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    [REQUEST_ID_HEADER]: exchange.id,
    [CACHE_HEADER]: 'hit',
  });
  const body = answer.body;
  const held = Math.max(0, body.length - 1);
  for (let offset = 0; offset < held && !client.destroyed; offset += REPLAY_CHUNK_BYTES) {
    client.write(body.subarray(offset, Math.min(held, offset + REPLAY_CHUNK_BYTES)));
  }
  exchange.firstByteAt ??= Date.now();
  await settle();
  if (!client.destroyed) client.end(body.subarray(held));
  exchange.finishedAt = Date.now();
}

/**
 * Stores a call's answer once it is complete (a plain answer sent whole, a stream ended
 * normally with the client still there) and charged; fire and forget.
 */
export function storeAnswer(call: RelayCall, plan: CachePlan): void {
  const capture = call.capture;
  const charged = call.charged;
  if (capture === undefined || !capture.complete || call.clientGone) return;
  if (charged === undefined || charged.usage === undefined) return;
  void call.services.responseCache.save(
    plan.key,
    {
      status: 200,
      contentType: capture.contentType,
      stream: capture.stream,
      quota: charged.quota,
      usage: charged.usage,
      channelId: call.lastChannel?.id ?? 0,
      body: capture.body(),
    },
    plan.terms.ttlSeconds,
  );
}
