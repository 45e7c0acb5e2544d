import { describe, expect, it } from 'vitest';
import { makeCallInput, makeChannel } from '../../src/providers/__fixtures__/relay-call-input.js';
import { droppedFieldsHeader } from '../../src/providers/hub/dropped-fields.js';
import type { RelayCallInput, WireFormat } from '../../src/providers/provider-adaptor.js';
import { createProviderRegistry } from '../../src/providers/registry.js';
import { INBOUND_FORMATS } from '../../src/relay/formats/inbound-formats.js';
import type { ParsedRelayBody } from '../../src/relay/parse-relay-body.js';

const registry = createProviderRegistry();

/** One client request per inbound format, each with fields some upstreams cannot take. */
const CLIENT_REQUESTS: Record<WireFormat, object> = {
  openai: {
    model: 'm',
    messages: [
      { role: 'system', content: 'Be brief.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is in this picture?' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
        ],
      },
    ],
    temperature: 0.2,
    top_p: 0.9,
    seed: 7,
    logprobs: true,
    user: 'u-1',
    reasoning_effort: 'low',
    metadata: { trace: 'x' },
    tools: [{ type: 'function', function: { name: 'lookup', parameters: { type: 'object' } } }],
    tool_choice: 'auto',
  },
  'anthropic-messages': {
    model: 'm',
    max_tokens: 100,
    system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }],
    messages: [
      { role: 'user', content: 'Hello' },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'hmm', signature: 's' },
          { type: 'text', text: 'Hi' },
        ],
      },
      { role: 'user', content: 'Weather?' },
    ],
    top_k: 5,
    temperature: 0.2,
    stop_sequences: ['END'],
    metadata: { user_id: 'u-1' },
    service_tier: 'auto',
    tools: [
      { name: 'lookup', input_schema: { type: 'object' } },
      { type: 'web_search_20250305', name: 'web_search' },
    ],
  },
  gemini: {
    contents: [{ role: 'user', parts: [{ text: 'Hello' }] }],
    systemInstruction: { parts: [{ text: 'Be brief.' }] },
    generationConfig: {
      temperature: 0.2,
      topK: 5,
      maxOutputTokens: 100,
      responseModalities: ['TEXT'],
    },
    safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }],
    tools: [{ functionDeclarations: [{ name: 'lookup' }] }],
  },
  'openai-responses': {
    model: 'm',
    instructions: 'Be brief.',
    input: 'Hello',
    temperature: 0.2,
    max_output_tokens: 100,
    store: false,
    truncation: 'auto',
    tools: [{ type: 'function', name: 'lookup', parameters: { type: 'object' } }],
  },
};

/** Provider families by a channel type of theirs, with the upstream model they are called with. */
const PROVIDERS = {
  openai: { type: 1, model: 'gpt-4o-mini', key: 'sk-test' },
  anthropic: { type: 14, model: 'claude-sonnet-4-5', key: 'sk-test' },
  gemini: { type: 24, model: 'gemini-2.5-flash', key: 'k' },
  cohere: { type: 34, model: 'command-r', key: 'k' },
  'bedrock converse': { type: 33, model: 'amazon.nova-pro-v1:0', key: 'AKID|SECRET|us-east-1' },
} as const;

type Provider = keyof typeof PROVIDERS;

/** What the client's request is read into, as the relay reads it (a Responses call as chat). */
function readClientRequest(format: WireFormat): ParsedRelayBody {
  const raw = Buffer.from(JSON.stringify(CLIENT_REQUESTS[format]));
  const inbound = INBOUND_FORMATS[format]!;
  const parsed = inbound.readRequest('chat', raw, 'application/json', 'm');
  return format === 'openai-responses' ? parsed.toChat!() : parsed;
}

/** The upstream request for one pair and the dropped-fields header the relay would send. */
function convert(format: WireFormat, provider: Provider) {
  const parsed = readClientRequest(format);
  const target = PROVIDERS[provider];
  const adaptor = registry.getAdaptor(target.type);
  const body = { ...parsed.json!, model: target.model };
  const input: RelayCallInput = makeCallInput({
    channel: makeChannel({ type: target.type, key: target.key }),
    upstreamModel: target.model,
    body,
    rawBody: Buffer.from(JSON.stringify(body)),
    native: parsed.native && { ...parsed.native, unchanged: false },
    reasoning: parsed.reasoning,
    droppedFromClient: parsed.dropped,
  });
  const request = adaptor.buildRequest(input);
  // As the relay computes the header (relay/dropped-fields-report.ts).
  const header = droppedFieldsHeader(
    request.fromNative ? undefined : input.droppedFromClient,
    request.dropped,
  );
  return { header, upstream: JSON.parse(String(request.body)) as Record<string, unknown> };
}

function valueAt(record: Record<string, unknown>, path: string): unknown {
  let value: unknown = record;
  for (const key of path.split('.')) value = (value as Record<string, unknown> | undefined)?.[key];
  return value;
}

interface PairOutcome {
  /** The x-tollgate-dropped-fields header, exactly. */
  dropped: string;
  /** Upstream body paths that must hold what the client sent. */
  kept: string[];
}

const DROPPED_FROM_CLAUDE =
  'top_k, service_tier, cache_control, content.thinking, tools.web_search_20250305';
const DROPPED_FROM_GEMINI = 'safetySettings, generationConfig.responseModalities';
const DROPPED_FROM_RESPONSES = 'store, truncation';

/** Inbound format × provider family: what reaches upstream and what the header names. */
const TABLE: Record<WireFormat, Record<Provider, PairOutcome>> = {
  openai: {
    openai: {
      dropped: '',
      kept: ['temperature', 'seed', 'logprobs', 'reasoning_effort', 'metadata.trace', 'tools'],
    },
    anthropic: {
      dropped: 'seed, logprobs, reasoning_effort, metadata',
      kept: ['system', 'temperature', 'top_p', 'metadata.user_id', 'tools', 'tool_choice'],
    },
    gemini: {
      dropped: 'logprobs, user, metadata',
      kept: [
        'systemInstruction',
        'generationConfig.temperature',
        'generationConfig.topP',
        'generationConfig.seed',
        'generationConfig.thinkingConfig',
        'tools',
      ],
    },
    cohere: {
      dropped: 'logprobs, user, reasoning_effort, metadata',
      kept: ['temperature', 'p', 'seed', 'tools'],
    },
    'bedrock converse': {
      dropped: 'seed, logprobs, reasoning_effort, metadata, user',
      kept: ['system', 'inferenceConfig.temperature', 'inferenceConfig.topP', 'toolConfig'],
    },
  },
  'anthropic-messages': {
    openai: { dropped: DROPPED_FROM_CLAUDE, kept: ['max_tokens', 'temperature', 'stop', 'user'] },
    anthropic: {
      dropped: '',
      kept: ['top_k', 'service_tier', 'system', 'metadata.user_id', 'tools'],
    },
    gemini: {
      dropped: `${DROPPED_FROM_CLAUDE}, user`,
      kept: [
        'systemInstruction',
        'generationConfig.maxOutputTokens',
        'generationConfig.temperature',
        'generationConfig.stopSequences',
      ],
    },
    cohere: {
      dropped: `${DROPPED_FROM_CLAUDE}, user`,
      kept: ['max_tokens', 'temperature', 'stop_sequences', 'tools'],
    },
    'bedrock converse': {
      dropped: `${DROPPED_FROM_CLAUDE}, user`,
      kept: ['system', 'inferenceConfig.maxTokens', 'inferenceConfig.stopSequences'],
    },
  },
  gemini: {
    openai: { dropped: DROPPED_FROM_GEMINI, kept: ['temperature', 'top_k', 'max_tokens', 'tools'] },
    anthropic: { dropped: DROPPED_FROM_GEMINI, kept: ['system', 'top_k', 'max_tokens', 'tools'] },
    gemini: { dropped: '', kept: ['safetySettings', 'generationConfig.responseModalities'] },
    cohere: { dropped: DROPPED_FROM_GEMINI, kept: ['k', 'max_tokens', 'temperature'] },
    'bedrock converse': {
      dropped: `${DROPPED_FROM_GEMINI}, top_k`,
      kept: ['system', 'inferenceConfig.maxTokens', 'inferenceConfig.temperature'],
    },
  },
  'openai-responses': {
    openai: { dropped: DROPPED_FROM_RESPONSES, kept: ['max_tokens', 'temperature', 'tools'] },
    anthropic: { dropped: DROPPED_FROM_RESPONSES, kept: ['system', 'max_tokens', 'tools'] },
    gemini: {
      dropped: DROPPED_FROM_RESPONSES,
      kept: ['systemInstruction', 'generationConfig.maxOutputTokens', 'tools'],
    },
    cohere: { dropped: DROPPED_FROM_RESPONSES, kept: ['max_tokens', 'temperature', 'tools'] },
    'bedrock converse': {
      dropped: DROPPED_FROM_RESPONSES,
      kept: ['system', 'inferenceConfig.maxTokens', 'toolConfig'],
    },
  },
};

describe('what each format pair keeps and drops (x-tollgate-dropped-fields)', () => {
  for (const format of Object.keys(TABLE) as WireFormat[]) {
    for (const provider of Object.keys(PROVIDERS) as Provider[]) {
      it(`${format} → ${provider}`, () => {
        const expected = TABLE[format][provider];
        const { header, upstream } = convert(format, provider);
        expect(header).toBe(expected.dropped);
        for (const path of expected.kept) {
          expect(valueAt(upstream, path), `${path} reaches upstream`).toBeDefined();
        }
      });
    }
  }
});
