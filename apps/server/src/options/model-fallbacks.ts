import { JSON_OPTION_SCHEMAS } from './option-schemas.js';
import type { OptionRule, OptionRuleContext } from './option-rules.js';

/**
 * Model fallbacks (docs/compatibility.md "Model fallbacks"): `ModelFallbacks` maps a model to the
 * models tried in order when it cannot answer a call; `GroupModelFallbacks` maps a group to lists
 * of its own, and a group's list for a model replaces the global one (an empty list turns the
 * fallbacks of that model off in that group). Only the requested model's list is walked: a
 * fallback's own list is never followed.
 */

/** Model → fallback models, in order. */
export type FallbackMap = Readonly<Record<string, readonly string[]>>;
/** Group → its own fallback map. */
export type GroupFallbackMap = Readonly<Record<string, FallbackMap>>;

const NONE: readonly string[] = [];

/**
 * The fallbacks of `model` for a call routed in `group`: the group's list when the group has one
 * for the model, else the global list, else none. Two property reads; nothing allocated.
 */
export function fallbackModelsOf(
  global: FallbackMap,
  groups: GroupFallbackMap,
  group: string,
  model: string,
): readonly string[] {
  const ofGroup = Object.hasOwn(groups, group) ? groups[group] : undefined;
  if (ofGroup !== undefined && Object.hasOwn(ofGroup, model)) return ofGroup[model];
  return Object.hasOwn(global, model) ? global[model] : NONE;
}

/**
 * The first cycle of a fallback map as the models along it (`['a', 'b', 'a']`), or undefined.
 * An edge goes from a model to each of its fallbacks, so `a → [b]` with `b → [a]` is a cycle, as
 * is a model listed among its own fallbacks.
 */
export function findFallbackCycle(map: FallbackMap): string[] | undefined {
  const DONE = 2;
  const VISITING = 1;
  const state = new Map<string, number>();
  const path: string[] = [];
  const visit = (model: string): string[] | undefined => {
    const seen = state.get(model);
    if (seen === DONE) return undefined;
    if (seen === VISITING) return [...path.slice(path.indexOf(model)), model];
    state.set(model, VISITING);
    path.push(model);
    for (const next of Object.hasOwn(map, model) ? map[model] : NONE) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(model, DONE);
    return undefined;
  };
  for (const model of Object.keys(map)) {
    const cycle = visit(model);
    if (cycle) return cycle;
  }
  return undefined;
}

/** A map's first self-reference, repeated entry or cycle, described under `where`. */
function mapProblem(map: FallbackMap, where: string): string | undefined {
  for (const [model, list] of Object.entries(map)) {
    const seen = new Set<string>();
    for (const fallback of list) {
      if (fallback === model) return `${where}模型 ${model} 不能回退到自身`;
      if (seen.has(fallback)) return `${where}模型 ${model} 的回退列表重复列出了 ${fallback}`;
      seen.add(fallback);
    }
  }
  const cycle = findFallbackCycle(map);
  return cycle ? `${where}存在回退循环：${cycle.join(' → ')}` : undefined;
}

/** The other option's stored map; an empty one when it does not read (its own save checks it). */
function storedMap(context: OptionRuleContext, key: 'ModelFallbacks' | 'GroupModelFallbacks') {
  try {
    const checked = JSON_OPTION_SCHEMAS[key].safeParse(JSON.parse(context.get(key) || '{}'));
    return checked.success ? checked.data : {};
  } catch {
    return {};
  }
}

/**
 * Save rule of `ModelFallbacks`: no self-reference, repeated entry or cycle, neither alone nor
 * with any group's own lists (stored in `GroupModelFallbacks`) laid over it.
 */
export const modelFallbacksRule: OptionRule = (value, key, context) => {
  const global = value as FallbackMap;
  const problem = mapProblem(global, `${key} 中`);
  if (problem) return problem;
  const groups = storedMap(context, 'GroupModelFallbacks') as GroupFallbackMap;
  for (const [group, own] of Object.entries(groups)) {
    const where = `${key} 与 GroupModelFallbacks 的分组 ${group} 合并后`;
    const merged = mapProblem({ ...global, ...own }, where);
    if (merged) return merged;
  }
  return undefined;
};

/** Save rule of `GroupModelFallbacks`: each group's lists laid over the global `ModelFallbacks`. */
export const groupModelFallbacksRule: OptionRule = (value, key, context) => {
  const global = storedMap(context, 'ModelFallbacks') as FallbackMap;
  for (const [group, own] of Object.entries(value as GroupFallbackMap)) {
    const problem = mapProblem({ ...global, ...own }, `${key} 的分组 ${group} 中`);
    if (problem) return problem;
  }
  return undefined;
};
