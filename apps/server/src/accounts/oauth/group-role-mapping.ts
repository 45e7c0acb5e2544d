/**
 * A custom provider's group and role mapping: the values at `group_field` / `role_field` of the
 * user info (a list, or a comma-separated text) are tried in order; a value listed in
 * `group_mapping` / `role_mapping` gives its target, and with `mapping_first` an unlisted value
 * is used as it is. Only an existing group and the common or admin role are ever given: no
 * mapping makes a root user, and a group Tollgate does not price is skipped.
 */
import { ROLE } from '@tollgate/contracts';
import type { CustomOAuthProviderRow } from '../../db/schema.js';
import { readClaim } from './claim-path.js';

/** A stored mapping; undefined for '' (none), null for text that is not a JSON object. */
export function parseMapping(text: string | null): Record<string, string> | undefined | null {
  if (!text || text.trim() === '') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
  const mapping: Record<string, string> = {};
  for (const [key, value] of Object.entries(json)) {
    if (typeof value !== 'string' && typeof value !== 'number') return null;
    mapping[key.trim()] = String(value).trim();
  }
  return mapping;
}

/** The role a mapping target or a claim value names; undefined for anything else (root too). */
export function roleOfTarget(value: string): number | undefined {
  switch (value.trim().toLowerCase()) {
    case 'common':
    case 'user':
    case 'member':
    case '1':
      return ROLE.common;
    case 'admin':
    case 'administrator':
    case '10':
      return ROLE.admin;
    default:
      return undefined;
  }
}

/** The group the user info maps to, if any; `exists` says which groups Tollgate has. */
export function mappedGroup(
  provider: CustomOAuthProviderRow,
  claims: Record<string, unknown>,
  exists: (group: string) => boolean,
): string | undefined {
  return firstMapped(
    provider.group_field,
    provider.group_mapping,
    provider.group_mapping_mode,
    claims,
    (value) => (exists(value) ? value : undefined),
  );
}

/** The role (common or admin) the user info maps to, if any. */
export function mappedRole(
  provider: CustomOAuthProviderRow,
  claims: Record<string, unknown>,
): number | undefined {
  return firstMapped(
    provider.role_field,
    provider.role_mapping,
    provider.role_mapping_mode,
    claims,
    roleOfTarget,
  );
}

function firstMapped<Result>(
  field: string | null,
  mappingText: string | null,
  mode: string | null,
  claims: Record<string, unknown>,
  accept: (value: string) => Result | undefined,
): Result | undefined {
  if (!field) return undefined;
  const mapping = parseMapping(mappingText) ?? {};
  const passThrough = mode?.trim().toLowerCase() === 'mapping_first';
  for (const candidate of candidates(readClaim(claims, field))) {
    if (Object.prototype.hasOwnProperty.call(mapping, candidate)) {
      const result = accept(mapping[candidate]!);
      if (result !== undefined) return result;
    } else if (passThrough) {
      const result = accept(candidate);
      if (result !== undefined) return result;
    }
  }
  return undefined;
}

/** The claim's values: each item of a list, or the parts of a comma-separated text. */
function candidates(value: unknown): string[] {
  const items = Array.isArray(value)
    ? value
    : typeof value === 'string'
      ? value.split(',')
      : [value];
  return items
    .filter(
      (item) => typeof item === 'string' || (typeof item === 'number' && Number.isFinite(item)),
    )
    .map((item) => String(item).trim())
    .filter((item) => item !== '');
}
