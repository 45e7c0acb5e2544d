import { z } from 'zod';
import { CHANNEL_STATUS } from '@tollgate/contracts';
import type { NewMidjourney } from '../../db/schema.js';
import { RelayError } from '../../errors/relay-error.js';
import type { AuthenticatedCall } from '../../relay/auth/authenticate-relay.js';
import type { CachedChannel } from '../../relay/channel-cache.js';
import type { RelayExchange } from '../../relay/relay-exchange.js';
import type { RelayServices } from '../../relay/relay-services.js';
import { admitTask, planTask, settleTask } from '../task-billing.js';
import { callTaskUpstream, parseJson } from '../task-upstream.js';
import {
  actionOfCustomId,
  FOLLOW_UP_ROUTES,
  FREE_ACTIONS,
  modelOfAction,
  parseSimpleChange,
  type ResolvedAction,
} from './mj-actions.js';
import { MidjourneyError } from './mj-error.js';

const SUBMIT_TIMEOUT_MS = 60_000;
/** "No available account instance": the channel cannot draw until an operator looks at it. */
const NO_ACCOUNT_CODE = 3;
/** Codes of an accepted submission: submitted, already exists, queued. */
const ACCEPTED_CODES = new Set([1, 21, 22]);

const requestSchema = z
  .object({
    prompt: z.string().optional(),
    customId: z.string().optional(),
    action: z.string().optional(),
    index: z.number().optional(),
    taskId: z.string().optional(),
    content: z.string().optional(),
    sourceBase64: z.string().optional(),
    targetBase64: z.string().optional(),
  })
  .passthrough();

const answerSchema = z
  .object({
    code: z.number(),
    description: z.string().optional(),
    result: z.union([z.string(), z.number()]).optional(),
    properties: z.record(z.string(), z.unknown()).nullish(),
  })
  .passthrough();

type MjRequest = z.infer<typeof requestSchema>;

/**
 * A channel without a usable account is disabled as by hand (status 2, reference §5.1), when its
 * auto-ban and AutomaticDisableChannelEnabled allow it.
 */
function disableChannel(services: RelayServices, channel: CachedChannel, reason = ''): void {
  if (!channel.autoBan || !services.options.getBoolean('AutomaticDisableChannelEnabled')) return;
  void services.health
    .setStatus(
      channel.id,
      CHANNEL_STATUS.manuallyDisabled,
      reason || 'No available account instance',
    )
    .catch((error: unknown) => services.onError(error, 'midjourney channel status'));
}

/** The action a route performs with this body. */
function resolveAction(route: string, body: MjRequest): ResolvedAction {
  if (route === 'SIMPLE_CHANGE') return parseSimpleChange(body.content ?? '');
  if (route === 'ACTION') {
    return { ...actionOfCustomId(body.customId ?? ''), taskId: body.taskId };
  }
  if (route === 'CHANGE') {
    if (!body.taskId || !body.action || body.index === undefined) {
      return { error: { code: 4, description: 'taskId_action_index_are_required' } };
    }
    return { action: body.action.toUpperCase(), index: body.index, taskId: body.taskId };
  }
  if (route === 'MODAL') return { action: 'MODAL', taskId: body.taskId };
  return { action: route };
}

/** The body sent upstream: the client's, less what the options switch off. */
function upstreamBody(services: RelayServices, body: Record<string, unknown>): string {
  const copy = { ...body };
  const options = services.options;
  if (!options.getBoolean('MjAccountFilterEnabled')) delete copy.accountFilter;
  if (!options.getBoolean('MjNotifyEnabled')) delete copy.notifyHook;
  if (options.getBoolean('MjModeClearEnabled') && typeof copy.prompt === 'string') {
    copy.prompt = copy.prompt.replace(/--(fast|relax|turbo)/g, '');
  }
  return JSON.stringify(copy);
}

/** The original task of a follow-up action: the caller's own, on a channel still enabled. */
async function originalTask(
  services: RelayServices,
  call: AuthenticatedCall,
  action: string,
  taskId: string | undefined,
): Promise<{ prompt: string; channel: CachedChannel }> {
  const row = taskId
    ? await services.db
        .selectFrom('midjourneys')
        .select(['prompt', 'status', 'channel_id'])
        .where('mj_id', '=', taskId)
        .where('user_id', '=', call.caller.user.id)
        .executeTakeFirst()
    : undefined;
  if (!row) throw new MidjourneyError(4, 'task_not_found');
  if (
    action !== 'MODAL' &&
    services.options.getBoolean('MjActionCheckSuccessEnabled') &&
    row.status !== 'SUCCESS'
  ) {
    throw new MidjourneyError(4, 'task_status_not_success');
  }
  const channel = services.channels.getById(Number(row.channel_id));
  if (!channel || channel.status !== CHANNEL_STATUS.enabled) {
    throw new MidjourneyError(4, '该任务所属渠道已被禁用');
  }
  return { prompt: row.prompt ?? '', channel };
}

/**
 * A Midjourney submission (reference §10.2): resolves the action and its model, binds follow-up
 * actions to the original task's owner and channel, sets the price aside, forwards the request
 * and charges it once when upstream accepted it (codes 1, 21, 22), then records the task.
 */
export async function submitMidjourney(
  services: RelayServices,
  exchange: RelayExchange,
  call: AuthenticatedCall,
  route: string,
  upstreamPath: string,
): Promise<void> {
  const raw = parseJson(exchange.body.toString('utf8'));
  const parsed = requestSchema.safeParse(raw);
  if (!parsed.success) throw new MidjourneyError(4, 'bind_request_body_failed');
  const body = parsed.data;
  if (services.sensitiveWords.holdsWord([body.prompt])) {
    throw new MidjourneyError(4, 'sensitive_words_detected');
  }
  const resolved = resolveAction(route, body);
  if ('error' in resolved)
    throw new MidjourneyError(resolved.error.code, resolved.error.description);
  const { action } = resolved;
  if (action === 'IMAGINE' && !body.prompt) throw new MidjourneyError(4, 'prompt_is_required');
  if (action === 'SWAP_FACE' && (!body.sourceBase64 || !body.targetBase64)) {
    throw new MidjourneyError(4, 'sour_base64_and_target_base64_is_required');
  }
  let prompt = action === 'SWAP_FACE' ? 'InsightFace' : (body.prompt ?? '');
  let channel: CachedChannel | undefined;
  if (FOLLOW_UP_ROUTES.has(route)) {
    const original = await originalTask(services, call, action, resolved.taskId);
    prompt = original.prompt;
    channel = original.channel;
  }
  const model = modelOfAction(action);
  const plan = planTask(services, call, model, { free: FREE_ACTIONS.has(action), channel });
  const admission = await admitTask(services, plan).catch((error: unknown) => {
    if (error instanceof RelayError && error.status === 403) {
      throw new MidjourneyError(4, 'quota_not_enough');
    }
    throw error;
  });
  let answer;
  try {
    answer = await callTaskUpstream(
      services,
      plan.channel,
      {
        method: 'POST',
        path: `/mj/${upstreamPath}`,
        headers: {
          'content-type': String(exchange.headers['content-type'] ?? 'application/json'),
          accept: String(exchange.headers.accept ?? 'application/json'),
          'mj-api-secret': plan.channel.key,
        },
        body: upstreamBody(services, raw as Record<string, unknown>),
      },
      SUBMIT_TIMEOUT_MS,
    );
  } catch (error) {
    await settleTask(services, plan, admission, {
      accepted: false,
      action,
      taskId: '',
      startedAt: exchange.startedAt,
    });
    throw new MidjourneyError(4, `do_request_failed: ${(error as Error).message}`);
  }
  const result = answerSchema.safeParse(parseJson(answer.text));
  if (!answer.text.trim() || !result.success) {
    await settleTask(services, plan, admission, {
      accepted: false,
      action,
      taskId: '',
      startedAt: exchange.startedAt,
    });
    throw new MidjourneyError(
      5,
      answer.text.trim() ? 'unmarshal_response_body_failed' : 'read_response_body_failed',
    );
  }
  const upstream = result.data;
  if (upstream.code === NO_ACCOUNT_CODE)
    disableChannel(services, plan.channel, upstream.description);
  const mjId = upstream.result === undefined ? '' : String(upstream.result);
  const accepted =
    answer.status === 200 &&
    (action === 'SWAP_FACE' ? upstream.code === 1 : ACCEPTED_CODES.has(upstream.code));
  const charged = await settleTask(services, plan, admission, {
    accepted,
    action,
    taskId: mjId,
    startedAt: exchange.startedAt,
  });
  await services.db
    .insertInto('midjourneys')
    .values(taskRow(call, plan.channel.id, action, prompt, mjId, upstream, accepted, charged))
    .execute();
  let text = answer.text;
  if (!FREE_ACTIONS.has(action)) text = text.replace(/"code"\s*:\s*21\b/, '"code":1');
  text = text.replace(/"code"\s*:\s*22\b/, '"code":1');
  exchange.send(answer.status, 'application/json; charset=utf-8', text);
}

function taskRow(
  call: AuthenticatedCall,
  channelId: number,
  action: string,
  prompt: string,
  mjId: string,
  upstream: z.infer<typeof answerSchema>,
  accepted: boolean,
  charged: number,
): NewMidjourney {
  const now = Date.now();
  const row: NewMidjourney = {
    user_id: call.caller.user.id,
    token_id: call.caller.token.id,
    code: upstream.code,
    action,
    mj_id: mjId,
    prompt,
    description: upstream.description ?? '',
    submit_time: now,
    start_time: 0,
    finish_time: 0,
    progress: '0%',
    status: '',
    channel_id: channelId,
    quota: charged,
  };
  const properties = upstream.properties ?? {};
  if (!accepted) {
    // Refused upstream: nothing was charged and nothing will change; it is not polled.
    Object.assign(row, {
      status: 'FAILURE',
      progress: '100%',
      fail_reason: upstream.description ?? '',
    });
  } else if (upstream.code === 21 && properties.status === 'SUCCESS') {
    Object.assign(row, {
      code: 1,
      status: 'SUCCESS',
      progress: '100%',
      image_url: typeof properties.imageUrl === 'string' ? properties.imageUrl : '',
      start_time: now,
      finish_time: now,
    });
  } else if (action === 'UPLOAD' && upstream.code === 1) {
    Object.assign(row, { status: 'SUCCESS', progress: '100%' });
  }
  return row;
}
