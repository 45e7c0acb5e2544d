import { CHANNEL_STATUS } from '@tollgate/contracts';
import type { Kysely } from 'kysely';
import type { ChannelRow, Database } from '../db/schema.js';
import type { AppEvents } from '../lib/app-events.js';
import type { ChannelSetting } from '../providers/provider-adaptor.js';
import { BLOCKED, PROBE, type ChannelHealthBook } from './channel-health/channel-health-book.js';
import { readChannelLimits, type ChannelLimits } from './channel-limits.js';
import type { ChannelSlots } from './channel-slots.js';
import { readMultiKeyState, type MultiKeyState } from './multi-key.js';

/** A channel as routing needs it: JSON columns parsed once per rebuild, never per call. */
export interface CachedChannel {
  id: number;
  type: number;
  name: string;
  key: string;
  /** `channels.base_url` as stored ('' → the type's default). */
  baseUrl: string;
  other: string;
  organization: string;
  setting: ChannelSetting;
  /** The channel's own timeouts and concurrency cap (from `setting`); undefined when none. */
  limits: ChannelLimits | undefined;
  status: number;
  priority: number;
  weight: number;
  autoBan: boolean;
  testModel: string;
  tag: string;
  models: readonly string[];
  groups: readonly string[];
  modelMapping: Readonly<Record<string, string>>;
  statusCodeMapping: Readonly<Record<string, string>>;
  paramOverride: Readonly<Record<string, unknown>> | undefined;
  /**
   * A multi-key channel's keys and their states (`relay/multi-key.ts`); undefined for a
   * single-key channel. For a multi-key channel `key` is its first key (paths that do not pick,
   * such as realtime, send one key rather than the whole list).
   */
  multiKey: MultiKeyState | undefined;
}

function parseObject(text: string | null | undefined): Record<string, unknown> | undefined {
  if (!text || !text.trim()) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function stringMap(text: string | null | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [from, to] of Object.entries(parseObject(text) ?? {})) {
    if (typeof to === 'string' && to !== '') result[from] = to;
    else if (typeof to === 'number') result[from] = String(to);
  }
  return result;
}

function splitCsv(text: string | null | undefined): string[] {
  const values = new Set<string>();
  for (const part of (text ?? '').split(',')) {
    const value = part.trim();
    if (value) values.add(value);
  }
  return [...values];
}

/** A list of host names (an array, or one comma-separated text), lower-cased; undefined when empty. */
function hostList(value: unknown): string[] | undefined {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  const hosts = items
    .filter((item): item is string => typeof item === 'string')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
  return hosts.length > 0 ? hosts : undefined;
}

export function toCachedChannel(row: ChannelRow): CachedChannel {
  const setting = parseObject(row.setting) ?? {};
  const multiKey = readMultiKeyState(row.channel_info, row.key);
  return {
    id: row.id,
    type: row.type,
    name: row.name ?? '',
    key: multiKey === undefined ? row.key : (multiKey.keys[multiKey.enabled[0] ?? 0] ?? ''),
    multiKey,
    baseUrl: (row.base_url ?? '').trim().replace(/\/+$/, ''),
    other: row.other ?? '',
    organization: row.openai_organization ?? '',
    setting: {
      force_format: setting.force_format === true,
      thinking_to_content: setting.thinking_to_content === true,
      proxy: typeof setting.proxy === 'string' ? setting.proxy : undefined,
      video_file_hosts: hostList(setting.video_file_hosts),
    },
    limits: readChannelLimits(setting),
    status: row.status,
    priority: Number(row.priority ?? 0),
    weight: Math.max(0, Number(row.weight ?? 0)),
    autoBan: Number(row.auto_ban ?? 1) === 1,
    testModel: row.test_model ?? '',
    tag: row.tag ?? '',
    models: splitCsv(row.models),
    groups: splitCsv(row.group),
    modelMapping: stringMap(row.model_mapping),
    statusCodeMapping: stringMap(row.status_code_mapping),
    paramOverride: parseObject(row.param_override),
  };
}

/** Channels of one (group, model), grouped into priority tiers, highest first. */
interface Route {
  tiers: CachedChannel[][];
}

/**
 * Enabled channels indexed by group and model for selection without database reads (reference
 * §3.2). Rebuilt from the `channels` table every SYNC_FREQUENCY seconds and right after a console
 * change on this node. A channel disabled by the relay leaves routing at once (fixing the
 * reference's quirk where it stayed selectable until the next rebuild).
 */
export class ChannelCache {
  private routes = new Map<string, Map<string, Route>>();
  private channels = new Map<number, CachedChannel>();
  /** Every model some channel lists, in any group and whatever its status. */
  private listedModels = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private rebuilding: Promise<void> | undefined;
  private rebuildAgain = false;
  private health: ChannelHealthBook | undefined;
  private slots: ChannelSlots | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    events?: AppEvents,
  ) {
    events?.on('channels-changed', () => void this.refresh());
  }

  /** Channels held (the performance page's size report). */
  get channelCount(): number {
    return this.channels.size;
  }

  /** Loads every channel and rebuilds the routing index; concurrent calls coalesce. */
  refresh(): Promise<void> {
    if (this.rebuilding) {
      this.rebuildAgain = true;
      return this.rebuilding;
    }
    this.rebuilding = (async () => {
      do {
        this.rebuildAgain = false;
        const rows = await this.db.selectFrom('channels').selectAll().execute();
        this.index(rows.map(toCachedChannel));
      } while (this.rebuildAgain);
    })().finally(() => {
      this.rebuilding = undefined;
    });
    return this.rebuilding;
  }

  startSync(intervalSeconds: number): void {
    this.stop();
    this.timer = setInterval(() => void this.refresh().catch(() => {}), intervalSeconds * 1000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private index(channels: CachedChannel[]): void {
    const byId = new Map<number, CachedChannel>();
    const grouped = new Map<string, Map<string, CachedChannel[]>>();
    const listed = new Set<string>();
    for (const channel of channels) {
      byId.set(channel.id, channel);
      for (const model of channel.models) listed.add(model);
      if (channel.status !== CHANNEL_STATUS.enabled) continue;
      // A multi-key channel whose keys are all disabled cannot serve a call.
      if (channel.multiKey !== undefined && channel.multiKey.enabled.length === 0) continue;
      for (const group of channel.groups) {
        let models = grouped.get(group);
        if (!models) grouped.set(group, (models = new Map()));
        for (const model of channel.models) {
          let list = models.get(model);
          if (!list) models.set(model, (list = []));
          list.push(channel);
        }
      }
    }
    const routes = new Map<string, Map<string, Route>>();
    for (const [group, models] of grouped) {
      const routesOfGroup = new Map<string, Route>();
      for (const [model, list] of models) routesOfGroup.set(model, { tiers: toTiers(list) });
      routes.set(group, routesOfGroup);
    }
    this.routes = routes;
    this.channels = byId;
    this.listedModels = listed;
  }

  /** Any channel by id (enabled or not), e.g. for pinned requests and tests. */
  getById(id: number): CachedChannel | undefined {
    return this.channels.get(id);
  }

  /** Whether some enabled channel serves `model` in `group`. */
  has(group: string, model: string): boolean {
    return this.routes.get(group)?.has(routingModelName(model)) ?? false;
  }

  /**
   * Whether any channel lists `model`, in any group, enabled or not: a model no channel lists does
   * not exist here (404), one whose channels are disabled or in other groups is unavailable (503).
   */
  lists(model: string): boolean {
    return this.listedModels.has(routingModelName(model));
  }

  /** Distinct enabled channels routable in `group`. */
  channelsOf(group: string): CachedChannel[] {
    const found = new Set<CachedChannel>();
    for (const route of this.routes.get(group)?.values() ?? []) {
      for (const tier of route.tiers) for (const channel of tier) found.add(channel);
    }
    return [...found].filter((channel) => channel.status === CHANNEL_STATUS.enabled);
  }

  /** Distinct models routable in `group`. */
  modelsOf(group: string): string[] {
    return [...(this.routes.get(group)?.keys() ?? [])];
  }

  /**
   * Picks a channel for attempt `attempt` (0-based): attempt i uses the i-th priority tier that
   * has a usable channel, reusing the lowest when tiers run out; inside a tier, weighted random
   * with weight + 10 so weight-0 channels still get traffic, each weight scaled by the channel's
   * recent health (`ChannelHealthBook.weightFactor`). With a health book, a channel whose circuit
   * is open is skipped (a tier whose channels are all open is skipped whole), a half-open one
   * whose probe falls to this call is chosen first, and `avoid` (the channel that just failed)
   * is taken only when its tier has nothing else. A channel at its concurrency cap is passed
   * over like an open circuit while another channel of the tier is free (when none is, the pick
   * is made among them all, and the call waits for a slot: `takeChannelSlot`). Undefined when nothing is usable: see
   * `has` to tell "no channel" from "every circuit open". `random` is injectable for tests.
   */
  select(
    group: string,
    model: string,
    attempt: number,
    random: () => number = Math.random,
    avoid = -1,
  ): CachedChannel | undefined {
    const routingModel = routingModelName(model);
    const route = this.routes.get(group)?.get(routingModel);
    if (!route) return undefined;
    let tier: CachedChannel[] | undefined;
    let usableTiers = 0;
    for (const candidate of route.tiers) {
      if (!this.tierUsable(candidate, routingModel)) continue;
      tier = candidate;
      if (usableTiers === attempt) break;
      usableTiers += 1;
    }
    if (tier === undefined) return undefined;
    return this.pick(tier, routingModel, random, avoid);
  }

  private tierUsable(tier: readonly CachedChannel[], model: string): boolean {
    const health = this.health;
    for (const channel of tier) {
      if (channel.status !== CHANNEL_STATUS.enabled) continue;
      if (health === undefined || health.admission(channel.id, model) !== BLOCKED) return true;
    }
    return false;
  }

  /** Weighted random inside one tier, over the usable channels; no allocation. */
  private pick(
    tier: readonly CachedChannel[],
    model: string,
    random: () => number,
    avoid: number,
  ): CachedChannel {
    const health = this.health;
    let usable = 0;
    let latencySum = 0;
    let measured = 0;
    let onlyUsable: CachedChannel | undefined;
    // Usable channels other than `avoid` that are below their concurrency cap.
    let free = 0;
    for (const channel of tier) {
      if (channel.status !== CHANNEL_STATUS.enabled) continue;
      if (health !== undefined) {
        const admission = health.admission(channel.id, model);
        if (admission === BLOCKED) continue;
        if (admission === PROBE) {
          health.startProbe(channel.id, model);
          return channel;
        }
        const latency = health.latency(channel.id);
        if (latency > 0) {
          latencySum += latency;
          measured += 1;
        }
      }
      usable += 1;
      onlyUsable = channel;
      if (channel.id !== avoid && !this.atCap(channel)) free += 1;
    }
    // tierUsable found one, so onlyUsable is set.
    if (usable === 1 || onlyUsable === undefined) return onlyUsable as CachedChannel;
    const reference = measured === 0 ? 0 : latencySum / measured;
    const skipFull = free > 0;
    let total = 0;
    for (const channel of tier) {
      if (!this.skipped(channel, model, avoid, skipFull)) {
        total += this.weightOf(channel, reference);
      }
    }
    let point = random() * total;
    let last = onlyUsable;
    for (const channel of tier) {
      if (this.skipped(channel, model, avoid, skipFull)) continue;
      last = channel;
      point -= this.weightOf(channel, reference);
      if (point < 0) return channel;
    }
    return last;
  }

  private skipped(
    channel: CachedChannel,
    model: string,
    avoid: number,
    skipFull: boolean,
  ): boolean {
    return (
      channel.status !== CHANNEL_STATUS.enabled ||
      channel.id === avoid ||
      (this.health !== undefined && this.health.admission(channel.id, model) === BLOCKED) ||
      (skipFull && this.atCap(channel))
    );
  }

  /** Whether the channel has a concurrency cap and is at it (a field read for the others). */
  private atCap(channel: CachedChannel): boolean {
    return channel.limits !== undefined && this.slots !== undefined && this.slots.isFull(channel);
  }

  private weightOf(channel: CachedChannel, referenceLatency: number): number {
    const base = channel.weight + 10;
    return this.health === undefined
      ? base
      : base * this.health.weightFactor(channel.id, referenceLatency);
  }

  /** Routing consults `book` for open circuits and health weights (the relay's services set it). */
  useHealth(book: ChannelHealthBook): void {
    this.health = book;
  }

  /** Routing passes over channels at their concurrency cap in `slots` (the relay's services set it). */
  useSlots(slots: ChannelSlots): void {
    this.slots = slots;
  }

  /** Enabled channels routable for `model` in `group`, every tier (e.g. "is every one open?"). */
  routeOf(group: string, model: string): readonly (readonly CachedChannel[])[] {
    return this.routes.get(group)?.get(routingModelName(model))?.tiers ?? [];
  }

  /** Takes a channel out of routing now (the database write happens separately). */
  markStatus(id: number, status: number): void {
    const channel = this.channels.get(id);
    if (channel) channel.status = status;
  }
}

function toTiers(channels: CachedChannel[]): CachedChannel[][] {
  const byPriority = new Map<number, CachedChannel[]>();
  for (const channel of channels) {
    let tier = byPriority.get(channel.priority);
    if (!tier) byPriority.set(channel.priority, (tier = []));
    tier.push(channel);
  }
  return [...byPriority.entries()]
    .sort((left, right) => right[0] - left[0])
    .map(([, tier]) => tier);
}

/** GPTs ("gizmo") models route under one wildcard name, as new-api. */
export function routingModelName(model: string): string {
  if (model.startsWith('gpt-4-gizmo')) return 'gpt-4-gizmo-*';
  if (model.startsWith('gpt-4o-gizmo')) return 'gpt-4o-gizmo-*';
  return model;
}
