/**
 * Video models, for the console (the pricing page's "per second", the playground's video mode):
 * a video model is priced per second of video (its `ModelPrice` × seconds × size tier) and called
 * through `/v1/videos`, not chat.
 */

/** new-api's endpoint type of video models (a catalogue row may name it in its `endpoints`). */
export const VIDEO_ENDPOINT_TYPE = 'openai-video';

/**
 * Names of the video models Tollgate's channels serve by default: OpenAI's `sora-2` and
 * `sora-2-pro`, Kling's `kling-*`, Jimeng's `jimeng*` (its `req_key` names, `jimeng_…`) and
 * Vidu's `vidu*` (`viduq1`, `vidu2.0`).
 */
const VIDEO_MODEL_NAME = /^(sora-|kling-|jimeng|vidu)/i;

/** True for a model name of the video families above. */
export function isVideoModelName(model: string): boolean {
  return VIDEO_MODEL_NAME.test(model.trim());
}

/**
 * True for a video model: by its name, or by the endpoint types the catalogue gives it (so a
 * model of any name whose metadata says `openai-video` is one too).
 */
export function isVideoModel(model: string, endpointTypes: readonly string[] = []): boolean {
  return isVideoModelName(model) || endpointTypes.includes(VIDEO_ENDPOINT_TYPE);
}
