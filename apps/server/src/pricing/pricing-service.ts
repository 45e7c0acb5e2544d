import { PRICING_CACHE_SECONDS, QUOTA_TYPE, type PricingEntry } from '@tollgate/contracts';
import type { Kysely } from 'kysely';
import { billingModelName, ownNumber } from '../billing/model-names.js';
import { completionRatioFor } from '../billing/completion-ratio.js';
import { modelPricing } from '../billing/model-pricing.js';
import { UNKNOWN_MODEL_RATIO } from '../billing/price-resolution.js';
import { listEnabledAbilities } from '../catalogue/enabled-abilities.js';
import { listLiveModels } from '../catalogue/model-meta-repository.js';
import { listLiveVendors } from '../catalogue/vendor-repository.js';
import type { Database } from '../db/schema.js';
import { usableGroups } from '../groups/usable-groups.js';
import type { AppEvents } from '../lib/app-events.js';
import type { OptionStore } from '../options/option-store.js';
import { attachCatalogue, type PricingList } from './pricing-metadata.js';

/** The option reads pricing needs (`OptionStore` satisfies it). */
export type PricingOptions = Pick<OptionStore, 'getJson'>;

/** One enabled (model, group) pair of the routing index. */
export interface ModelGroup {
  model: string;
  group: string;
}

/**
 * The pricing list from enabled abilities (reference §12.4): one entry per model, its distinct
 * groups, and how it is billed. Names are looked up the way billing looks them up (custom GPTs share
 * their family's wildcard entry), so the page shows what a call really costs. Sorted by model name.
 */
export function buildPricingEntries(
  pairs: readonly ModelGroup[],
  options: PricingOptions,
): PricingEntry[] {
  const groupsByModel = new Map<string, Set<string>>();
  for (const { model, group } of pairs) {
    const groups = groupsByModel.get(model) ?? new Set<string>();
    groups.add(group);
    groupsByModel.set(model, groups);
  }
  const completionRatios = options.getJson('CompletionRatio');

  const entries: PricingEntry[] = [];
  for (const [model, groups] of groupsByModel) {
    const enableGroups = [...groups].sort();
    // Priced as billing prices it (options, suffixes, the price dataset), so the page shows
    // what a call really costs.
    const pricing = modelPricing(options, model);
    if (pricing?.kind === 'per-call') {
      entries.push({
        model_name: model,
        quota_type: QUOTA_TYPE.perCall,
        model_ratio: 0,
        model_price: pricing.modelPrice,
        owner_by: '',
        completion_ratio: 0,
        enable_groups: enableGroups,
      });
      continue;
    }
    entries.push({
      model_name: model,
      quota_type: QUOTA_TYPE.perVolume,
      model_ratio: pricing?.modelRatio ?? UNKNOWN_MODEL_RATIO,
      model_price: 0,
      owner_by: '',
      completion_ratio:
        pricing?.completionRatio ?? completionRatioFor(billingModelName(model), completionRatios),
      enable_groups: enableGroups,
    });
  }
  return entries.sort((left, right) =>
    left.model_name < right.model_name ? -1 : left.model_name > right.model_name ? 1 : 0,
  );
}

/** The group part of the pricing answer for a viewer. */
export interface PricingGroups {
  usable_group: Record<string, string>;
  group_ratio: Record<string, number>;
}

/**
 * Usable groups of the viewer and their ratios. A visitor (or a user without a group) gets the
 * configured usable groups plus `default` and, as in new-api, an empty-named group; a user also
 * gets their own group. `group_ratio` keeps only the `GroupRatio` entries of usable groups.
 */
export function pricingGroups(options: OptionStore, userGroup: string): PricingGroups {
  const usable = usableGroups(options, userGroup);
  if (userGroup === '') usable[''] ??= '用户分组';
  const configured = options.getJson('GroupRatio');
  const ratios: Record<string, number> = {};
  for (const group of Object.keys(usable)) {
    const ratio = ownNumber(configured, group);
    if (ratio !== undefined) ratios[group] = ratio;
  }
  return { usable_group: usable, group_ratio: ratios };
}

/**
 * Computes the whole list: the priced models of the enabled abilities, with the catalogue's
 * metadata and endpoint types (pricing-metadata.ts).
 */
async function computePricingList(
  db: Kysely<Database>,
  options: PricingOptions,
): Promise<PricingList> {
  const [abilities, rows, vendors] = await Promise.all([
    listEnabledAbilities(db),
    listLiveModels(db),
    listLiveVendors(db),
  ]);
  return attachCatalogue(buildPricingEntries(abilities, options), abilities, rows, vendors);
}

export interface PricingServiceDeps {
  db: Kysely<Database>;
  options: Pick<OptionStore, 'getJson' | 'onChange'>;
  events: AppEvents;
  /** Milliseconds clock (tests move it). */
  now?: () => number;
}

export interface PricingService {
  /**
   * The pricing list with the catalogue's part, computed at most once a minute unless channels,
   * options or the catalogue changed.
   */
  current(): Promise<PricingList>;
  /** Forgets the cached list. */
  invalidate(): void;
  /** Stops listening for changes. */
  close(): void;
}

/**
 * Keeps the pricing list for `PRICING_CACHE_SECONDS`. A channel change (abilities), any option
 * change (prices, ratios) or a catalogue change (model and vendor metadata) drops it at once,
 * so admins see their edit on the next load; a computation that was running when the change
 * came is not stored.
 */
export function createPricingService(deps: PricingServiceDeps): PricingService {
  const now = deps.now ?? Date.now;
  let cached: { list: PricingList; expiresAt: number } | undefined;
  let pending: Promise<PricingList> | undefined;
  let generation = 0;

  function invalidate(): void {
    generation += 1;
    cached = undefined;
    pending = undefined;
  }

  deps.events.on('channels-changed', invalidate);
  deps.events.on('catalogue-changed', invalidate);
  const stopOptions = deps.options.onChange(invalidate);

  return {
    current() {
      if (cached && cached.expiresAt > now()) return Promise.resolve(cached.list);
      if (pending) return pending;
      const startedIn = generation;
      const computation = computePricingList(deps.db, deps.options)
        .then((list) => {
          if (startedIn === generation) {
            cached = { list, expiresAt: now() + PRICING_CACHE_SECONDS * 1000 };
          }
          return list;
        })
        .finally(() => {
          if (pending === computation) pending = undefined;
        });
      pending = computation;
      return computation;
    },
    invalidate,
    close() {
      deps.events.off('channels-changed', invalidate);
      deps.events.off('catalogue-changed', invalidate);
      stopOptions();
    },
  };
}
