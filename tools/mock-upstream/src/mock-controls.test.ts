import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTROLS, resolveControls, splitModelSuffix } from './mock-controls.js';

describe('resolveControls', () => {
  it('uses the defaults without headers or suffix', () => {
    expect(resolveControls({}, 'gpt-4o')).toEqual({ controls: DEFAULT_CONTROLS, model: 'gpt-4o' });
  });

  it('reads every x-mock header', () => {
    const { controls } = resolveControls(
      {
        'x-mock-latency-ms': '10',
        'x-mock-chunk-delay-ms': '5',
        'x-mock-chunks': '7',
        'x-mock-status': '503',
        'x-mock-close-after-chunks': '2',
        'x-mock-omit-usage': '1',
        'x-mock-malformed': 'true',
        'x-mock-cached-tokens': '4',
        'x-mock-cache-creation-tokens': '3',
        'x-mock-reasoning-tokens': '9',
        'x-mock-error-midstream': '1',
      },
      undefined,
    );
    expect(controls).toEqual({
      latencyMs: 10,
      chunkDelayMs: 5,
      chunks: 7,
      status: 503,
      closeAfterChunks: 2,
      omitUsage: true,
      malformed: true,
      cachedTokens: 4,
      cacheCreationTokens: 3,
      reasoningTokens: 9,
      errorMidstream: 1,
    });
  });

  it('reads a model suffix, short or long names, flags without values', () => {
    const resolved = resolveControls(
      {},
      'gpt-4o-mock@chunks=5,delay=10,omit-usage,cached-tokens=2',
    );
    expect(resolved.model).toBe('gpt-4o-mock');
    expect(resolved.controls).toMatchObject({
      chunks: 5,
      chunkDelayMs: 10,
      omitUsage: true,
      cachedTokens: 2,
    });
  });

  it('lets headers win over the suffix', () => {
    const { controls } = resolveControls({ 'x-mock-chunks': '2' }, 'm@chunks=9');
    expect(controls.chunks).toBe(2);
  });

  it('leaves model names whose @ part is not controls alone', () => {
    expect(splitModelSuffix('claude-3-5-sonnet@20240620')).toEqual({
      model: 'claude-3-5-sonnet@20240620',
      raw: {},
    });
  });

  it('ignores invalid values', () => {
    const { controls } = resolveControls(
      {
        'x-mock-chunks': 'many',
        'x-mock-status': '200',
        'x-mock-latency-ms': '-4',
        'x-mock-omit-usage': 'false',
      },
      undefined,
    );
    expect(controls).toEqual(DEFAULT_CONTROLS);
  });
});
