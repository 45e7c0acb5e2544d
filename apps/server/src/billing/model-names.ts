/**
 * Name under which a requested model is looked up in the price and ratio maps: every custom GPT
 * (`gpt-4-gizmo-g-abc…`, `gpt-4o-gizmo-g-abc…`) shares the wildcard entry of its family.
 *
 * new-api maps both families for `ModelPrice` but only `gpt-4-gizmo` for `ModelRatio` and neither
 * for the configured `CompletionRatio`, so the built-in `gpt-4o-gizmo-*` ratio and both gizmo
 * completion ratios could never apply to a real gizmo name. Tollgate maps both families for
 * every map, which is what those built-in entries are for (and what later new-api releases do).
 */
export function billingModelName(model: string): string {
  if (model.startsWith('gpt-4-gizmo')) return 'gpt-4-gizmo-*';
  if (model.startsWith('gpt-4o-gizmo')) return 'gpt-4o-gizmo-*';
  return model;
}

/**
 * Reasoning-effort and thinking suffixes a client may append to a model name (`o3-high`,
 * `gemini-2.5-flash-thinking-1024`, `gemini-2.5-pro-nothinking`). They choose an effort or a
 * thinking budget of the same model, so the call costs what the base model costs.
 */
const PRICING_SUFFIX = /-(?:high|medium|low|minimal|thinking(?:-\d+)?|nothinking)$/;

/**
 * The base model a suffixed name is priced as, or undefined when the name has no such suffix.
 * Billing tries the full name first, so an entry for `o3-mini-high` itself still wins.
 */
export function pricingBaseName(name: string): string | undefined {
  const base = name.replace(PRICING_SUFFIX, '');
  return base !== name && base !== '' ? base : undefined;
}

/** The consume log records custom GPTs under their wildcard name (reference §4.3). */
export function consumeLogModelName(model: string): string {
  return billingModelName(model);
}

/** True when the consume log shows a wildcard name and must name the real model in `content`. */
export function isGizmoModel(model: string): boolean {
  return model.startsWith('gpt-4-gizmo') || model.startsWith('gpt-4o-gizmo');
}

/**
 * An own, finite number entry of a ratio/price map. Map keys come from operators and model names
 * from clients, so inherited properties (`constructor`, `__proto__`) must never match.
 */
export function ownNumber(
  map: Readonly<Record<string, unknown>> | null | undefined,
  key: string,
): number | undefined {
  if (map === null || map === undefined || !Object.hasOwn(map, key)) return undefined;
  const value = map[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
