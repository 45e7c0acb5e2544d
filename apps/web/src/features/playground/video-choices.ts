/**
 * The playground's video mode: the lengths and sizes offered for a video model, by family (what
 * each provider accepts: OpenAI's Sora 4, 8 or 12 s, `sora-2` in 720p only; Kling and Jimeng 5 or
 * 10 s; Vidu 4 or 8 s, 5 s for `viduq1`). Sizes are OpenAI's `WIDTHxHEIGHT`; a provider that
 * takes an aspect ratio gets it from the size.
 */

export interface VideoChoices {
  seconds: number[];
  sizes: string[];
}

const SORA_SIZES = ['720x1280', '1280x720'];
const SORA_PRO_SIZES = [...SORA_SIZES, '1024x1792', '1792x1024'];
const RATIO_SIZES = ['1280x720', '720x1280', '1024x1024'];

/** The choices for `model` (a video model of another name gets Sora Pro's). */
export function videoChoices(model: string): VideoChoices {
  const name = model.trim().toLowerCase();
  if (name === 'sora-2') return { seconds: [4, 8, 12], sizes: SORA_SIZES };
  if (name.startsWith('kling') || name.startsWith('jimeng')) {
    return { seconds: [5, 10], sizes: RATIO_SIZES };
  }
  if (name.startsWith('vidu')) return { seconds: [4, 5, 8], sizes: RATIO_SIZES };
  return { seconds: [4, 8, 12], sizes: SORA_PRO_SIZES };
}

/** What a video is made with: a length and a size. */
export interface VideoShape {
  seconds: number;
  size: string;
}

/** `current` where `choices` allow it, else their first length or size. */
export function fitVideoShape(current: VideoShape, choices: VideoChoices): VideoShape {
  return {
    seconds: choices.seconds.includes(current.seconds) ? current.seconds : choices.seconds[0],
    size: choices.sizes.includes(current.size) ? current.size : choices.sizes[0],
  };
}
