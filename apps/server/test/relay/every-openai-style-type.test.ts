import { CHANNEL_TYPE, CHANNEL_TYPE_TABLE, type ChannelTypeDefinition } from '@tollgate/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MODELS_BY_CHANNEL_TYPE } from '../../src/catalogue/default-models.js';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';

/** What a type needs beyond the mock's address to reach it. */
function channelFields(type: ChannelTypeDefinition, mockUrl: string): Record<string, unknown> {
  switch (type.id) {
    case CHANNEL_TYPE.custom:
      // Custom channels name the complete request URL.
      return { base_url: `${mockUrl}/v1/chat/completions` };
    case CHANNEL_TYPE.azure:
      return { base_url: mockUrl, other: '2024-12-01-preview' };
    default:
      return { base_url: mockUrl };
  }
}

/**
 * The console's channel test for every type served by the OpenAI and Anthropic adaptors, each
 * channel holding its type's default model list, so each also tests that the first model of that
 * list is one the type's request shape serves (the native types have their own channel test
 * files).
 */
describe('the channel test of every OpenAI-style and Anthropic type', () => {
  let fixture: RelayFixture;
  beforeAll(async () => {
    fixture = await createRelayFixture('sqlite');
    // Most default models have no built-in price; self-use mode tests them unpriced.
    await fixture.harness.runtime.context.options.update('SelfUseModeEnabled', 'true');
  });
  afterAll(async () => {
    await fixture?.close();
  });

  const types = CHANNEL_TYPE_TABLE.filter(
    (type) => type.family === 'openai' || type.family === 'anthropic',
  );

  it.each(types.map((type) => [type.name, type] as const))('%s', async (_name, type) => {
    const id = await fixture.addChannel({
      name: `every-type-${type.id}`,
      type: type.id,
      key: 'sk-mock',
      // A new channel of the type gets its default list, so the test uses its first model.
      models: (DEFAULT_MODELS_BY_CHANNEL_TYPE[type.id] ?? []).join(','),
      ...channelFields(type, fixture.mock.url),
    });
    const response = await fixture.harness.call(fixture.root, 'GET', `/api/channel/test/${id}`);
    expect(response.json(), `${type.name} (${type.id}): ${response.body}`).toMatchObject({
      success: true,
    });
  });
});
