import type { GroupOption } from './api';
import { defaultChatModel } from './chat-messages';

/**
 * The group choices in display order: the user's own group first. With no usable priced group
 * the user's own group (empty name: the server picks it) is the only choice.
 */
export function orderGroupOptions(
  options: readonly GroupOption[],
  userGroup: string | undefined,
  ownGroupLabel: string,
): GroupOption[] {
  if (options.length === 0) return [{ group: '', desc: ownGroupLabel, ratio: 1 }];
  const own = options.find((option) => option.group === userGroup);
  return own ? [own, ...options.filter((option) => option !== own)] : [...options];
}

/** The chat default model when the user has it, else the first model, else the default name. */
export function pickDefaultModel(models: readonly string[]): string {
  if (models.includes(defaultChatModel) || models.length === 0) return defaultChatModel;
  return models[0];
}
