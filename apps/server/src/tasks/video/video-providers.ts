import type { CachedChannel } from '../../relay/channel-cache.js';
import { jimengProvider } from './jimeng/jimeng-provider.js';
import { klingProvider } from './kling/kling-provider.js';
import { soraProvider } from './sora/sora-provider.js';
import { viduProvider } from './vidu/vidu-provider.js';
import type { VideoProvider } from './video-provider.js';

/** Every video provider; a channel is served by the first that serves its type. */
export const VIDEO_PROVIDERS: readonly VideoProvider[] = [
  soraProvider,
  klingProvider,
  jimengProvider,
  viduProvider,
];

/** The platform names of video tasks (`tasks.platform`). */
export const VIDEO_PLATFORMS: readonly string[] = VIDEO_PROVIDERS.map(
  (provider) => provider.platform,
);

/** The provider serving video calls on `channel`, if any. */
export function videoProviderFor(channel: CachedChannel): VideoProvider | undefined {
  return VIDEO_PROVIDERS.find((provider) => provider.serves(channel));
}

/** The provider of a stored task's platform, if any. */
export function videoProviderOf(platform: string | null): VideoProvider | undefined {
  return VIDEO_PROVIDERS.find((provider) => provider.platform === platform);
}
