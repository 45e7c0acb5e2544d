import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';

/** OTLP/HTTP JSON as the exporter sends it (only what the test reads). */
const attributeValue = z.object({
  stringValue: z.string().optional(),
  intValue: z.union([z.string(), z.number()]).optional(),
  boolValue: z.boolean().optional(),
});
const otlpSpan = z.object({
  traceId: z.string(),
  spanId: z.string(),
  parentSpanId: z.string().optional(),
  name: z.string(),
  kind: z.number(),
  attributes: z.array(z.object({ key: z.string(), value: attributeValue })).default([]),
});
const otlpRequest = z.object({
  resourceSpans: z.array(
    z.object({
      resource: z.object({
        attributes: z.array(z.object({ key: z.string(), value: attributeValue })),
      }),
      scopeSpans: z.array(z.object({ spans: z.array(otlpSpan) })),
    }),
  ),
});

interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  attributes: Record<string, string | number | boolean | undefined>;
  service: string | number | boolean | undefined;
}

/** Ids may come as hex or base64 depending on the encoder's settings: hex either way. */
function hex(id: string | undefined): string {
  if (!id) return '';
  return /^[0-9a-f]+$/.test(id) ? id : Buffer.from(id, 'base64').toString('hex');
}

function attributesOf(list: z.infer<typeof otlpSpan>['attributes']) {
  return Object.fromEntries(
    list.map(({ key, value }) => [
      key,
      value.stringValue ??
        (value.intValue === undefined ? value.boolValue : Number(value.intValue)),
    ]),
  );
}

/** A local OTLP/HTTP receiver: collects every span exported to POST /v1/traces. */
async function startReceiver(): Promise<{ url: string; spans: ReceivedSpan[]; server: Server }> {
  const spans: ReceivedSpan[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const body = otlpRequest.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        for (const resourceSpans of body.resourceSpans) {
          const service = attributesOf(resourceSpans.resource.attributes)['service.name'];
          for (const scope of resourceSpans.scopeSpans) {
            for (const span of scope.spans) {
              spans.push({
                traceId: hex(span.traceId),
                spanId: hex(span.spanId),
                parentSpanId: hex(span.parentSpanId),
                name: span.name,
                attributes: attributesOf(span.attributes),
                service,
              });
            }
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, server };
}

describe('OpenTelemetry tracing of relay calls', () => {
  let fixture: RelayFixture | undefined;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const saved = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;

  beforeAll(async () => {
    receiver = await startReceiver();
    // Read by startRuntime and by the exporter itself, as in production.
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
    fixture = await createRelayFixture('sqlite');
  }, 60_000);
  afterAll(async () => {
    await fixture?.close();
    if (saved === undefined) delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    else process.env.OTEL_EXPORTER_OTLP_ENDPOINT = saved;
    await new Promise((resolve) => receiver?.server.close(resolve));
  });

  it('exports one span per call with its facts, children for upstream and settlement, and continues the caller trace upstream', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpanId = '00f067aa0ba902b7';
    const response = await fetch(`${fixture!.url}/v1/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${fixture!.apiKey}`,
        traceparent: `00-${traceId}-${callerSpanId}-01`,
      },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { usage: { prompt_tokens: number } };
    const upstreamTraceparent = fixture!.mock.lastRequest()!.headers.traceparent;
    const [log] = (await fixture!.consumeLogs()).slice(-1);

    // Closing the server flushes the batched spans to the receiver.
    await fixture!.close();
    fixture = undefined;

    const spans = receiver.spans.filter((span) => span.traceId === traceId);
    const call = spans.find((span) => span.name === 'POST /v1/chat/completions');
    expect(call).toBeDefined();
    expect(call!.parentSpanId).toBe(callerSpanId);
    expect(call!.service).toBe('tollgate');
    expect(call!.attributes).toMatchObject({
      'http.response.status_code': 200,
      'gen_ai.request.model': 'gpt-4o-mini',
      'gen_ai.usage.input_tokens': answer.usage.prompt_tokens,
      'gen_ai.usage.output_tokens': Number(log.completion_tokens),
      'tollgate.quota': Number(log.quota),
      'tollgate.user.id': Number(log.user_id),
      'tollgate.token.id': Number(log.token_id),
    });
    expect(call!.attributes['tollgate.channel.id']).toBe(Number(log.channel_id));

    const upstream = spans.find((span) => span.name === 'upstream');
    expect(upstream?.parentSpanId).toBe(call!.spanId);
    expect(upstream!.attributes).toMatchObject({
      'http.response.status_code': 200,
      'tollgate.channel.id': Number(log.channel_id),
    });
    // The provider received the upstream span as its parent, in the caller's trace.
    expect(upstreamTraceparent).toBe(`00-${traceId}-${upstream!.spanId}-01`);

    const settlement = spans.find((span) => span.name === 'settlement');
    expect(settlement?.parentSpanId).toBe(call!.spanId);
  }, 60_000);
});
