import { describe, expect, it } from 'vitest';
import {
  formatJsonText,
  isJsonObjectText,
  jsonFieldProblem,
  vertexRegionProblem,
} from './json-text';

describe('isJsonObjectText', () => {
  it('accepts empty text and JSON objects only', () => {
    expect(isJsonObjectText('')).toBe(true);
    expect(isJsonObjectText('  ')).toBe(true);
    expect(isJsonObjectText('{"a": "b"}')).toBe(true);
    expect(isJsonObjectText('[1]')).toBe(false);
    expect(isJsonObjectText('"text"')).toBe(false);
    expect(isJsonObjectText('{a: b}')).toBe(false);
  });
});

describe('jsonFieldProblem', () => {
  it('refuses text that is not a JSON object', () => {
    expect(jsonFieldProblem('model_mapping', '{"gpt-4": ')).toBe('invalid-json');
    expect(jsonFieldProblem('setting', '[]')).toBe('invalid-json');
    expect(jsonFieldProblem('param_override', 'null')).toBe('invalid-json');
  });

  it('accepts empty text', () => {
    expect(jsonFieldProblem('model_mapping', '')).toBeNull();
    expect(jsonFieldProblem('status_code_mapping', ' ')).toBeNull();
  });

  it('wants names mapped to names', () => {
    expect(jsonFieldProblem('model_mapping', '{"gpt-4o": "gpt-4o-2024-08-06"}')).toBeNull();
    expect(jsonFieldProblem('model_mapping', '{"gpt-4o": 1}')).toBe('mapping-values');
  });

  it('wants status codes mapped to status codes', () => {
    expect(jsonFieldProblem('status_code_mapping', '{"400": "500"}')).toBeNull();
    expect(jsonFieldProblem('status_code_mapping', '{"400": 500}')).toBe('status-codes');
    expect(jsonFieldProblem('status_code_mapping', '{"abc": "500"}')).toBe('status-codes');
  });

  it('accepts any object for settings and parameter override', () => {
    expect(jsonFieldProblem('setting', '{"force_format": true}')).toBeNull();
    expect(jsonFieldProblem('param_override', '{"temperature": 0}')).toBeNull();
  });
});

describe('vertexRegionProblem', () => {
  it('needs a region, and a default in a region map', () => {
    expect(vertexRegionProblem('')).toBe('region-required');
    expect(vertexRegionProblem('us-central1')).toBeNull();
    expect(vertexRegionProblem('{"default": "us-central1"}')).toBeNull();
    expect(vertexRegionProblem('{"claude": "europe-west1"}')).toBe('region-default');
    expect(vertexRegionProblem('{broken')).toBe('region-json');
  });
});

describe('formatJsonText', () => {
  it('pretty-prints objects and leaves the rest alone', () => {
    expect(formatJsonText('{"a":"b"}')).toBe('{\n  "a": "b"\n}');
    expect(formatJsonText('broken')).toBe('broken');
  });
});
