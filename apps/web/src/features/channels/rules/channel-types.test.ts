import { CHANNEL_TYPE } from '@tollgate/contracts';
import { describe, expect, it } from 'vitest';
import { channelTypeOptions, pickableChannelTypes } from './channel-types';

describe('the channel type picker', () => {
  it('offers every type that relays, and not the retired PaLM and AIProxy library', () => {
    const ids = pickableChannelTypes().map((option) => option.id);
    expect(ids).not.toContain(CHANNEL_TYPE.palm);
    expect(ids).not.toContain(CHANNEL_TYPE.aiProxyLibrary);
    expect(ids).toContain(CHANNEL_TYPE.gemini);
    expect(ids).toHaveLength(channelTypeOptions.length - 2);
  });

  it('keeps a retired type offered while a channel of that type is edited', () => {
    const ids = pickableChannelTypes(CHANNEL_TYPE.palm).map((option) => option.id);
    expect(ids).toContain(CHANNEL_TYPE.palm);
    expect(ids).not.toContain(CHANNEL_TYPE.aiProxyLibrary);
  });
});
