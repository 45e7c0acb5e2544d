// What each scenario sends. The mock upstream's behaviour (chunk count, pacing) is chosen with a
// model-name suffix; clients of the direct call, nginx and Portkey send the suffixed name, while
// Tollgate's channel maps a plain alias to it (`model_mapping`), since a channel's model list is
// comma-separated and cannot hold the suffix itself.

/** Scenario model → the model name the mock upstream must receive. */
export const UPSTREAM_MODELS = {
  plain: 'gpt-4o-mini',
  stream: 'gpt-4o-mini@chunks=20',
  pacedStream: 'gpt-4o-mini@chunks=20,delay=10',
  slowStream: 'gpt-4o-mini@chunks=100,delay=100',
  // The direct call has no cache: the same call as `plain`, the baseline a cache hit is read against.
  cached: 'gpt-4o-mini',
};

/** Scenario model → the name a Tollgate client asks for (mapped by the channel). */
export const TOLLGATE_MODELS = {
  plain: 'gpt-4o-mini',
  stream: 'bench-stream-20',
  pacedStream: 'bench-stream-paced',
  slowStream: 'bench-stream-slow',
  // The one alias the seeded ResponseCacheRules cache (seed-tollgate.mjs): answered from the
  // response cache after the first call.
  cached: 'bench-cached',
};

/** Events a complete 20-chunk stream carries: role, 20 contents, finish, usage. */
export const STREAM_CHUNKS = 20;
/** The slow stream: one chunk each 100 ms for 10 s. */
export const SLOW_STREAM_CHUNKS = 100;

const LARGE_PROMPT_BYTES = 200 * 1024;

/** About 200 KB of ordinary text (ASCII, so bytes = characters). */
function largePrompt() {
  const sentence =
    'The quick brown fox jumps over the lazy dog while the gateway relays every byte. ';
  return sentence
    .repeat(Math.ceil(LARGE_PROMPT_BYTES / sentence.length))
    .slice(0, LARGE_PROMPT_BYTES);
}

/** The request body of a scenario for a given model name. */
export function requestBody(kind, model) {
  const messages = [{ role: 'user', content: 'Say hello in five words.' }];
  switch (kind) {
    case 'plain':
      return JSON.stringify({ model, messages });
    case 'stream':
      return JSON.stringify({
        model,
        messages,
        stream: true,
        stream_options: { include_usage: true },
      });
    case 'large':
      return JSON.stringify({ model, messages: [{ role: 'user', content: largePrompt() }] });
    default:
      throw new Error(`unknown body kind ${kind}`);
  }
}

/**
 * The measured scenarios, in the order they run within a round. `model` selects the upstream
 * behaviour, `body` the request shape, `job` how the load process drives it.
 */
export const SCENARIOS = [
  {
    id: 'plainSaturation',
    title: '1a. non-streamed, small body, saturation',
    model: 'plain',
    body: 'plain',
    job: 'saturation',
  },
  {
    id: 'plainFixedRate',
    title: '1b. non-streamed, small body, fixed rate',
    model: 'plain',
    body: 'plain',
    job: 'fixedRate',
  },
  {
    id: 'streamSaturation',
    title: '2a. streamed, 20 chunks, saturation',
    model: 'stream',
    body: 'stream',
    job: 'saturation',
  },
  {
    id: 'streamTimeToFirstByte',
    title: '2b. streamed, 20 chunks paced 10 ms, time to first byte',
    model: 'pacedStream',
    body: 'stream',
    job: 'fixedRate',
  },
  {
    // The same request again and again: every call but the first is a response cache hit on
    // Tollgate (no upstream call), against the direct call's upstream answer.
    id: 'cacheHit',
    title: '5. non-streamed, small body, response cache hit, saturation',
    model: 'cached',
    body: 'plain',
    job: 'saturation',
  },
  {
    id: 'largeBody',
    title: '4. non-streamed, 200 KB prompt, saturation',
    model: 'plain',
    body: 'large',
    job: 'saturation',
  },
];

/** Scenario 3 runs once per target (its length is fixed by the stream, not by the settings). */
export const CONCURRENT_STREAMS = {
  id: 'concurrentStreams',
  title: '3. concurrent slow streams (1 chunk / 100 ms for 10 s)',
  model: 'slowStream',
  body: 'stream',
};
