/**
 * Midjourney-proxy request routes and their actions (reference §10.1): which action a submission
 * performs, the model it is billed as, and which actions follow up an earlier task.
 */

/** The submission routes under `/mj/`, by the path after `/mj/`. */
export const MJ_SUBMIT_ROUTES = new Map<string, string>([
  ['submit/imagine', 'IMAGINE'],
  ['submit/describe', 'DESCRIBE'],
  ['submit/blend', 'BLEND'],
  ['submit/shorten', 'SHORTEN'],
  ['submit/change', 'CHANGE'],
  ['submit/simple-change', 'SIMPLE_CHANGE'],
  ['submit/action', 'ACTION'],
  ['submit/modal', 'MODAL'],
  ['submit/upload-discord-images', 'UPLOAD'],
  ['insight-face/swap', 'SWAP_FACE'],
]);

/** Routes that act on an earlier task: its owner, status and channel are checked. */
export const FOLLOW_UP_ROUTES = new Set(['CHANGE', 'SIMPLE_CHANGE', 'ACTION', 'MODAL']);

/** Actions that cost nothing. */
export const FREE_ACTIONS = new Set(['INPAINT', 'CUSTOM_ZOOM']);

/** A resolved action, or the error code and description the reference answers with. */
export type ResolvedAction =
  | { action: string; index?: number; taskId?: string }
  | { error: { code: number; description: string } };

const SIMPLE_CHANGE = /^\s*(\S+)\s+([UV])([1-4])\s*$|^\s*(\S+)\s+(R)\s*$/i;

/** `"<taskId> U1".."V4"|"R"` of `submit/simple-change`. */
export function parseSimpleChange(content: string): ResolvedAction {
  const match = SIMPLE_CHANGE.exec(content);
  if (!match) return { error: { code: 4, description: 'content_parse_failed' } };
  if (match[5]) return { action: 'REROLL', taskId: match[4] };
  const action = match[2].toUpperCase() === 'U' ? 'UPSCALE' : 'VARIATION';
  return { action, index: Number(match[3]), taskId: match[1] };
}

/** The action of an MJ-Plus `customId` (`MJ::JOB::<kind>::<index>::<hash>` or `MJ::<kind>::…`). */
export function actionOfCustomId(customId: string): ResolvedAction {
  const parts = customId.split('::');
  const kind = parts[1] === 'JOB' ? parts[2] : parts[1];
  const index = Number(parts[1] === 'JOB' ? parts[3] : parts[2]);
  const unknown = { error: { code: 4, description: `unknown_action:${customId}` } };
  if (parts[0] !== 'MJ' || !kind) return unknown;
  if (kind === 'upsample') return { action: 'UPSCALE', index };
  if (kind === 'variation') return { action: 'VARIATION', index };
  if (kind === 'low_variation') return { action: 'LOW_VARIATION', index };
  if (kind === 'high_variation') return { action: 'HIGH_VARIATION', index };
  if (kind.startsWith('pan')) return { action: 'PAN', index };
  if (kind === 'reroll') return { action: 'REROLL', index };
  if (kind === 'Outpaint') return { action: 'ZOOM', index };
  if (kind === 'CustomZoom') return { action: 'CUSTOM_ZOOM', index };
  if (kind === 'Inpaint') return { action: 'INPAINT', index: 1 };
  return unknown;
}

/** The billed model of an action: `mj_<action>`, `swap_face` for face swaps. */
export function modelOfAction(action: string): string {
  return action === 'SWAP_FACE' ? 'swap_face' : `mj_${action.toLowerCase()}`;
}
