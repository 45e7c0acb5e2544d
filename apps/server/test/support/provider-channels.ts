import { createRelayFixture, type RelayFixture } from './relay-fixture.js';
import type { TestDatabaseKind } from './test-databases.js';

/**
 * The common start of a provider channel test (`test/relay/<vendor>-channel.test.ts`): a
 * Tollgate on the mock upstream, the prices the test relies on, and the vendor's channels.
 */
export interface ProviderChannelSetup {
  /** Environment of the Tollgate under test (e.g. `COHERE_SAFETY_SETTING`). */
  env?: Record<string, string>;
  /** `ModelRatio` entries, merged into the built-in ones. */
  ratios?: Record<string, number>;
  /** `CompletionRatio` entries, merged into the built-in ones. */
  completionRatios?: Record<string, number>;
  /** `ModelPrice` entries (per call), merged into the built-in ones. */
  prices?: Record<string, number>;
  /**
   * The channels to create, in order, with the fields the console sends; a function when they
   * depend on the fixture (the mock's address, a key the mock must trust).
   */
  channels:
    | ChannelFieldList
    | ((fixture: RelayFixture) => ChannelFieldList | Promise<ChannelFieldList>);
}

type ChannelFieldList = Array<Record<string, unknown>>;

export interface ProviderChannels {
  fixture: RelayFixture;
  /** Ids of `setup.channels`, in their order. */
  channelIds: number[];
}

/** Starts the fixture, prices the models, creates the channels (close `fixture` after). */
export async function setUpProviderChannels(
  kind: TestDatabaseKind,
  setup: ProviderChannelSetup,
): Promise<ProviderChannels> {
  const fixture = await createRelayFixture(kind, setup.env);
  const options = fixture.harness.runtime.context.options;
  const merge = async (
    key: 'ModelRatio' | 'CompletionRatio' | 'ModelPrice',
    entries: Record<string, number> | undefined,
  ) => {
    if (!entries) return;
    const current = JSON.parse(options.get(key)) as Record<string, number>;
    await options.update(key, JSON.stringify({ ...current, ...entries }));
  };
  await merge('ModelRatio', setup.ratios);
  await merge('CompletionRatio', setup.completionRatios);
  await merge('ModelPrice', setup.prices);
  const channelIds: number[] = [];
  const channels =
    typeof setup.channels === 'function' ? await setup.channels(fixture) : setup.channels;
  for (const channel of channels) channelIds.push(await fixture.addChannel(channel));
  return { fixture, channelIds };
}

/** A relay answer as the provider tests read it: an error, or the fields of a success. */
export interface RelayAnswer {
  error: { message: string; code: string; type: string };
  data?: unknown[];
  [field: string]: unknown;
}

/** POSTs a JSON body to the relay with the fixture's token: the status and the parsed answer. */
export async function postJson(
  fixture: RelayFixture,
  path: string,
  body: unknown,
): Promise<{ status: number; body: RelayAnswer }> {
  const response = await fetch(`${fixture.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as RelayAnswer };
}
