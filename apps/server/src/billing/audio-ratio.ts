/**
 * Audio-token multipliers of the audio-capable models (`GetAudioRatio`,
 * `GetAudioCompletionRatio`, reference §4.4). Audio input tokens cost `audioRatio` × the text
 * price; audio output tokens cost a further `audioCompletionRatio` times that.
 */
export interface AudioRatios {
  readonly audioRatio: number;
  readonly audioCompletionRatio: number;
}

/** new-api bills every audio model's output at twice its audio input. */
const AUDIO_COMPLETION_RATIO = 2;

function ratios(audioRatio: number): AudioRatios {
  return Object.freeze({ audioRatio, audioCompletionRatio: AUDIO_COMPLETION_RATIO });
}
const REALTIME_2024_12_17 = ratios(8);
const REALTIME_MINI = ratios(10 / 0.6);
const REALTIME = ratios(20);
const AUDIO_2024_12_17 = ratios(16);
const AUDIO_MINI = ratios(10 / 0.15);
const AUDIO = ratios(40);
const OTHER = ratios(20);

/** Audio ratios of a model, by its requested name. */
export function resolveAudioRatios(model: string): AudioRatios {
  if (model.includes('-realtime')) {
    if (model.endsWith('gpt-4o-realtime-preview-2024-12-17')) return REALTIME_2024_12_17;
    return model.includes('mini') ? REALTIME_MINI : REALTIME;
  }
  if (model.includes('-audio')) {
    if (model.endsWith('gpt-4o-audio-preview-2024-12-17')) return AUDIO_2024_12_17;
    return model.includes('mini') ? AUDIO_MINI : AUDIO;
  }
  return OTHER;
}

/** Text-relay requests for these models are billed by the audio formula (reference §4.4). */
export function isAudioTokenModel(model: string): boolean {
  return model.startsWith('gpt-4o-audio');
}
