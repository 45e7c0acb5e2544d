import { describe, expect, it } from 'vitest';
import { classifyUpstream } from './classify-upstream.js';

const OPENAI_ID = 'req_0123456789abcdef0123456789abcdef';

describe('classifyUpstream', () => {
  it.each([
    ['openai processing time', { 'openai-processing-ms': '120' }, 'openai'],
    ['openai version', { 'openai-version': '2020-10-01' }, 'openai'],
    ['openai organisation', { 'openai-organization': 'user-x' }, 'openai'],
    ['openai id behind cloudflare', { 'x-request-id': OPENAI_ID, 'cf-ray': '8a-SJC' }, 'openai'],
    ['azure api management', { 'apim-request-id': 'abc', 'openai-version': 'x' }, 'azure'],
    ['azure region', { 'x-ms-region': 'East US' }, 'azure'],
    ['azure model session', { 'azureml-model-session': 'd1' }, 'azure'],
    ['uvicorn', { server: 'uvicorn' }, 'python'],
    ['gunicorn with version', { server: 'gunicorn/21.2.0' }, 'python'],
    ['werkzeug', { server: 'Werkzeug/3.0.1 Python/3.12.1' }, 'python'],
    ['hypercorn', { server: 'hypercorn-h11' }, 'python'],
    ['one-api id', { 'x-oneapi-request-id': '2024', 'openai-version': 'x' }, 'go'],
    ['new-api version', { 'x-new-api-version': 'v1.0.0' }, 'go'],
    ['new-api server', { server: 'new-api' }, 'go'],
  ] as const)('%s → %s', (_name, headers, expected) => {
    expect(classifyUpstream(headers, false)).toBe(expected);
  });

  it('takes a forwarder with copied OpenAI headers for the forwarder', () => {
    expect(classifyUpstream({ server: 'uvicorn', 'openai-processing-ms': '5' }, true)).toBe(
      'python',
    );
  });

  it('calls an OpenAI-shaped answer without OpenAI headers uncertain', () => {
    expect(classifyUpstream({ 'content-type': 'application/json' }, true)).toBe('openai_uncertain');
    // A req_ id without Cloudflare in front is not enough.
    expect(classifyUpstream({ 'x-request-id': OPENAI_ID }, true)).toBe('openai_uncertain');
  });

  it('knows nothing of an answer with no marks that is not OpenAI-shaped', () => {
    expect(classifyUpstream({ server: 'nginx', 'content-type': 'text/html' }, false)).toBe(
      'unknown',
    );
    expect(classifyUpstream({}, false)).toBe('unknown');
  });

  it('reads the first of repeated header values', () => {
    expect(classifyUpstream({ server: ['uvicorn', 'nginx'] } as never, false)).toBe('python');
  });
});
