import {
  buildLogOther,
  computeAudioQuota,
  consumeLogContent,
  estimatePreConsume,
  resolveAudioRatios,
  type PriceInfo,
} from '../../billing/index.js';
import type { Admission } from '../../billing/quota-ledger.js';
import type { LogRow } from '../../logs/log-insert-statement.js';
import type { Usage } from '../../providers/usage.js';
import type { RelayCaller } from '../auth/relay-caller-cache.js';
import { recordConsumption } from '../record-consumption.js';
import type { RelayServices } from '../relay-services.js';
import { totalTokens, type RealtimeUsage } from './realtime-usage.js';

/** Logged in `other.inbound_format`: the session came in over the Realtime websocket. */
export const REALTIME_FORMAT_ID = 'openai-realtime';

/** What a realtime session is billed as, decided at connect. */
export interface RealtimePlan {
  caller: RelayCaller;
  /** The model the client asked for (priced and logged under this name). */
  model: string;
  group: string;
  price: PriceInfo;
}

/** The quota a session sets aside at connect, and again after each charged response. */
export function realtimeEstimate(services: RelayServices, price: PriceInfo): number {
  return estimatePreConsume(price, {
    promptTokens: 0,
    maxTokens: 0,
    quotaPerUnit: services.options.getNumber('QuotaPerUnit'),
    preConsumedTokens: services.options.getNumber('PreConsumedQuota'),
  });
}

/** When a response started and first answered, for its log row. */
export interface ResponseTimes {
  startedAt: number;
  firstResponseAt: number | undefined;
}

/**
 * A realtime session's money: one call whose usage grows. The estimate is set aside in the
 * ledger at connect; each response's usage is charged when its `response.done` arrives — the hold
 * is settled with that charge and its consume log row (one group commit, as any call), then the
 * estimate is set aside again for what comes next. When it can no longer be, the balances cannot
 * cover further usage and the session must end. At close the last hold is settled with what is
 * still unbilled (nothing, or a response cut off mid-way), so no reservation is ever lost and
 * the balance drops by exactly the sum of the session's logged quota.
 *
 * Charges run one after another in event order, whatever the ledger's timing.
 */
export class RealtimeBilling {
  private readonly estimate: number;
  private admission: Admission | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  /** Settles once every charge handed to the ledger is written. */
  private written: Promise<unknown> = Promise.resolve();
  /** Upstream model after mapping, channel and channels tried: set once connected. */
  upstreamModel: string | undefined;
  channelId = 0;
  readonly useChannel: string[] = [];

  constructor(
    private readonly services: RelayServices,
    private readonly plan: RealtimePlan,
    first: Admission,
  ) {
    this.admission = first;
    this.estimate = first.estimate;
  }

  /**
   * Charges one response's usage (a usage of zero tokens charges nothing), then sets the next
   * estimate aside. `written` resolves once the charge and its log row are committed; `refusal`
   * resolves with the ledger's refusal when the balances cannot cover the next estimate.
   */
  charge(
    usage: RealtimeUsage,
    times: ResponseTimes,
  ): { written: Promise<void>; refusal: Promise<unknown> } {
    let written!: (settled: Promise<void>) => void;
    const charged = new Promise<Promise<void>>((resolve) => (written = resolve));
    const next = this.queue.then(async () => {
      if (totalTokens(usage) === 0) {
        written(Promise.resolve());
        return undefined;
      }
      written(this.settle(usage, times));
      try {
        this.admission = await this.services.ledger.admit({
          user: this.plan.caller.user,
          token: this.plan.caller.token,
          estimate: this.estimate,
        });
        return undefined;
      } catch (error) {
        return error;
      }
    });
    this.queue = next;
    return { written: charged.then((settled) => settled), refusal: next };
  }

  /** Settles the session: the unbilled usage (if any) against the last hold; resolves once written. */
  async close(unbilled: RealtimeUsage | undefined, times: ResponseTimes): Promise<void> {
    await this.queue;
    if (unbilled && totalTokens(unbilled) > 0) {
      this.settle(unbilled, times);
    } else if (this.admission) {
      const admission = this.admission;
      this.admission = undefined;
      this.track(
        this.services.ledger.settle(admission, {
          quota: 0,
          channelId: this.channelId,
          countUsage: false,
        }),
      );
    }
    await this.written;
  }

  /**
   * One charge with its log row, against the current hold (or directly when none is left).
   * Resolves once written.
   */
  private settle(usage: RealtimeUsage, times: ResponseTimes): Promise<void> {
    const { services, plan } = this;
    const quotaPerUnit = services.options.getNumber('QuotaPerUnit');
    const ratios = resolveAudioRatios(plan.model);
    const audioUsage = {
      textInputTokens: usage.textInput,
      textOutputTokens: usage.textOutput,
      audioInputTokens: usage.audioInput,
      audioOutputTokens: usage.audioOutput,
    };
    const quota = computeAudioQuota(plan.price, ratios, audioUsage, quotaPerUnit);
    const internal: Usage = {
      promptTokens: usage.textInput + usage.audioInput,
      completionTokens: usage.textOutput + usage.audioOutput,
      cachedTokens: usage.cachedInput,
      cacheCreationTokens: 0,
      reasoningTokens: 0,
      audio: {
        textInput: usage.textInput,
        textOutput: usage.textOutput,
        audioInput: usage.audioInput,
        audioOutput: usage.audioOutput,
      },
    };
    services.metrics.charged(plan.model, internal.promptTokens, internal.completionTokens, quota);
    let log: LogRow | undefined;
    if (services.options.getBoolean('LogConsumeEnabled')) {
      const other = buildLogOther({
        price: plan.price,
        // The audio formula bills cached input as any input: no cache tokens to recompute with.
        usage: { ...internal, cachedTokens: 0 },
        firstResponseMs: times.firstResponseAt ? times.firstResponseAt - times.startedAt : -1000,
        useChannel: this.useChannel,
        group: plan.group,
        isModelMapped: this.upstreamModel !== undefined && this.upstreamModel !== plan.model,
        upstreamModelName: this.upstreamModel,
        audio: { ratios, usage: audioUsage, realtime: true },
      });
      other.inbound_format = REALTIME_FORMAT_ID;
      log = recordConsumption(services, {
        userId: plan.caller.user.id,
        username: plan.caller.user.username,
        tokenId: plan.caller.token.id,
        tokenName: plan.caller.token.name ?? '',
        channelId: this.channelId,
        model: plan.model,
        usage: internal,
        quota,
        content: consumeLogContent(plan.price, {
          model: plan.model,
          producedNothing: false,
          audio: ratios,
        }),
        other,
        group: plan.group,
        isStream: true,
        startedAt: times.startedAt,
      });
    }
    // Without a hold left (the ledger refused the last one), the charge is taken directly.
    const admission = this.admission ?? {
      userId: plan.caller.user.id,
      tokenId: plan.caller.token.id,
      estimate: 0,
    };
    this.admission = undefined;
    return this.track(
      services.ledger.settle(admission, {
        quota,
        channelId: this.channelId,
        countUsage: true,
        log,
      }),
    );
  }

  /**
   * Waits for a settlement at close. The ledger reports a failed write itself and keeps the
   * settlement to write again, so a rejection needs no handling beyond waiting for it.
   */
  private track(write: Promise<void>): Promise<void> {
    const settled = write.catch(() => {});
    this.written = Promise.all([this.written, settled]);
    return settled;
  }
}
