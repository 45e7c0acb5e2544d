export { parseLogOther, type LogOther } from '@tollgate/contracts';
import type { LogOther } from '@tollgate/contracts';

/** The upstream model when the requested one was mapped to another, else undefined. */
export function mappedModel(other: LogOther | null): string | undefined {
  return other?.is_model_mapped && other.upstream_model_name
    ? other.upstream_model_name
    : undefined;
}
