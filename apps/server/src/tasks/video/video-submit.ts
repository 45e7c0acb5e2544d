import { CHANNEL_STATUS } from '@tollgate/contracts';
import { RelayError } from '../../errors/relay-error.js';
import type { AuthenticatedCall } from '../../relay/auth/authenticate-relay.js';
import type { CachedChannel } from '../../relay/channel-cache.js';
import { jsonTexts } from '../../relay/formats/request-texts.js';
import type { RelayExchange } from '../../relay/relay-exchange.js';
import type { RelayServices } from '../../relay/relay-services.js';
import { admitTask, planTask, settleTask, type TaskPlan } from '../task-billing.js';
import { sendTaskRequest } from '../task-upstream.js';
import { newPublicTaskId } from './public-task-id.js';
import { storedVideoData, type StoredVideoTask, type VideoProperties } from './video-object.js';
import type { VideoCall, VideoProvider, VideoUpstreamRequest } from './video-provider.js';
import { videoProviderFor } from './video-providers.js';
import { findVideoTask } from './video-task-row.js';

const SUBMIT_TIMEOUT_MS = 60_000;

/** One submission: what is billed, where it goes and how its upstream request is built. */
interface VideoSubmission {
  action: 'generate' | 'remix';
  model: string;
  prompt: string;
  /** Every text that goes upstream, checked for sensitive words. */
  texts: string[];
  seconds: number;
  size: string;
  /** The channel it must go to (a remix: its source's); else one is chosen for the model. */
  channel?: CachedChannel;
  /** The provider a vendor-native face needs (`kling` for `/kling/…`); any when absent. */
  platform?: string;
  remixedFrom?: string;
  build(provider: VideoProvider, plan: TaskPlan): Promise<VideoUpstreamRequest>;
}

/** The plan of a submission on a channel that serves video, with its provider's price ratios. */
function planVideo(
  services: RelayServices,
  call: AuthenticatedCall,
  submission: VideoSubmission,
): { plan: TaskPlan; provider: VideoProvider } {
  const channel = submission.channel ?? planTask(services, call, submission.model, {}).channel;
  const provider = videoProviderFor(channel);
  if (!provider || (submission.platform && provider.platform !== submission.platform)) {
    throw RelayError.badRequest(
      `模型 ${submission.model} 的渠道不支持${submission.platform ? ` ${submission.platform} ` : ''}视频生成`,
      'video_not_supported',
    );
  }
  const ratios = provider.priceRatios(submission);
  return { plan: planTask(services, call, submission.model, { channel, ratios }), provider };
}

/**
 * Runs a video submission (reference §10.2, §10.3): its price (per second × size tier, or per
 * call) set aside, forwarded to one channel, charged once with its consume log row when upstream
 * accepted it, and stored as a task under a new public id, the upstream's id kept in
 * `private_data`. Returns the stored task; a refusal costs nothing.
 */
async function submit(
  services: RelayServices,
  exchange: RelayExchange,
  call: AuthenticatedCall,
  submission: VideoSubmission,
): Promise<StoredVideoTask> {
  if (services.sensitiveWords.holdsWord(submission.texts)) {
    throw RelayError.badRequest('sensitive words detected', 'sensitive_words_detected');
  }
  const { plan, provider } = planVideo(services, call, submission);
  const admission = await admitTask(services, plan);
  const publicId = newPublicTaskId();
  let accepted;
  try {
    const request = await submission.build(provider, plan);
    const answer = await sendTaskRequest(services, plan.channel, request, SUBMIT_TIMEOUT_MS);
    accepted = provider.readSubmitAnswer(answer.status, answer.text, request);
  } catch (error) {
    await settleTask(services, plan, admission, {
      accepted: false,
      action: submission.action,
      taskId: publicId,
      startedAt: exchange.startedAt,
    });
    if (error instanceof RelayError) throw error;
    throw RelayError.upstream(502, `video submission failed: ${(error as Error).message}`);
  }
  const charged = await settleTask(services, plan, admission, {
    accepted: true,
    action: submission.action,
    taskId: publicId,
    startedAt: exchange.startedAt,
  });
  const now = Math.floor(Date.now() / 1000);
  const properties: VideoProperties = {
    input: submission.prompt,
    model: submission.model,
    seconds: submission.seconds,
    size: submission.size,
  };
  if (submission.remixedFrom) properties.remixed_from = submission.remixedFrom;
  const row = {
    created_at: now,
    updated_at: now,
    task_id: publicId,
    platform: provider.platform,
    user_id: call.caller.user.id,
    token_id: call.caller.token.id,
    channel_id: plan.channel.id,
    quota: charged,
    action: submission.action,
    status: 'SUBMITTED',
    fail_reason: '',
    submit_time: now,
    start_time: 0,
    finish_time: 0,
    progress: '0%',
    properties: JSON.stringify(properties),
    data: JSON.stringify(storedVideoData(accepted.video, submission.model)),
    private_data: JSON.stringify({
      upstream_task_id: accepted.upstreamId,
      upstream_model: plan.channel.modelMapping[submission.model] || submission.model,
    }),
  };
  await services.db.insertInto('tasks').values(row).execute();
  return row;
}

/**
 * `POST /v1/videos`, `POST /v1/video/generations` and the vendor-native faces: a new video from
 * `videoCall`, on a channel of `platform`'s provider when a native face names one.
 */
export function submitVideo(
  services: RelayServices,
  exchange: RelayExchange,
  call: AuthenticatedCall,
  videoCall: VideoCall,
  platform?: string,
): Promise<StoredVideoTask> {
  return submit(services, exchange, call, {
    action: 'generate',
    platform,
    model: videoCall.model,
    prompt: videoCall.prompt,
    texts: jsonTexts(videoCall.fields),
    seconds: videoCall.seconds,
    size: videoCall.size,
    build: (provider, plan) =>
      provider.submitRequest(
        videoCall,
        plan.channel.modelMapping[videoCall.model] || videoCall.model,
        plan.channel,
      ),
  });
}

/**
 * `POST /v1/videos/{id}/remix {prompt}`: a new video from one of the caller's, on its channel,
 * priced like its source (same model, seconds and size).
 */
export async function remixVideo(
  services: RelayServices,
  exchange: RelayExchange,
  call: AuthenticatedCall,
  sourceId: string,
  prompt: string,
): Promise<StoredVideoTask> {
  const source = await findVideoTask(services, call.caller.user.id, sourceId);
  const channel = services.channels.getById(Number(source.row.channel_id));
  if (!channel || channel.status !== CHANNEL_STATUS.enabled) {
    throw new RelayError(403, '该任务所属渠道已被禁用', 'new_api_error', 'channel_disabled');
  }
  const provider = videoProviderFor(channel);
  if (!provider?.remixRequest || provider.platform !== source.row.platform) {
    throw RelayError.badRequest('this video cannot be remixed', 'remix_not_supported');
  }
  const remix = { upstreamId: source.upstreamId, prompt };
  return submit(services, exchange, call, {
    action: 'remix',
    model: source.properties.model,
    prompt,
    texts: [prompt],
    seconds: source.properties.seconds,
    size: source.properties.size,
    channel,
    remixedFrom: sourceId,
    build: async (chosen) => chosen.remixRequest!(remix, channel),
  });
}
