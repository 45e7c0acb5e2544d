import { failure } from '../../errors/app-error.js';
import { parseJsonObject } from '../json-guards.js';
import type { ChannelFieldRules } from '../vendor.js';

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

export const VERTEX_CHANNEL_FIELDS: ChannelFieldRules = { checkOther: checkVertexRegion };
