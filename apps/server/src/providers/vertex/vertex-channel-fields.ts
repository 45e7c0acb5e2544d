import { failure } from '../../errors/app-error.js';
import { parseJsonObject } from '../json-guards.js';
import type { ChannelFieldRules } from '../vendor.js';

const BATCH_FORMAT = 'Vertex AI 批量添加模式必须使用 JSON 数组格式，例如 [{...}, {...}]';

/** Vertex AI needs its region: a plain name, or a JSON map that includes `default`. */
export function checkVertexRegion(other: string): void {
  const trimmed = other.trim();
  if (trimmed === '') throw failure('部署地区不能为空');
  if (trimmed.startsWith('{')) {
    const regions = parseJsonObject(trimmed);
    if (!regions) throw failure('部署地区必须是合法的 JSON 对象，例如 {"default": "us-central1"}');
    if (regions.default === undefined || regions.default === null) {
      throw failure('部署地区必须包含default字段');
    }
  }
}

/**
 * A batch of Vertex AI keys is a JSON array of service-account credentials (one channel each);
 * anything else is one key (a credential JSON has line breaks of its own).
 */
export function splitVertexBatchKeys(trimmed: string): string[] {
  if (!trimmed.startsWith('[')) return [trimmed];
  let credentials: unknown;
  try {
    credentials = JSON.parse(trimmed);
  } catch {
    throw failure(BATCH_FORMAT);
  }
  if (
    !Array.isArray(credentials) ||
    credentials.some((item) => typeof item !== 'object' || item === null)
  ) {
    throw failure(BATCH_FORMAT);
  }
  return credentials.map((item) => JSON.stringify(item));
}

export const VERTEX_CHANNEL_FIELDS: ChannelFieldRules = {
  checkOther: checkVertexRegion,
  splitBatchKeys: splitVertexBatchKeys,
};
