/**
 * Built-in `CompletionRatio` (output-token multiplier). Most families get theirs from hard-coded
 * rules in the billing code, which win over this map; only the entries below are configured.
 */
export const DEFAULT_COMPLETION_RATIO: Readonly<Record<string, number>> = {
  'gpt-4-gizmo-*': 2,
  'gpt-4o-gizmo-*': 3,
  'gpt-4-all': 2,
};
