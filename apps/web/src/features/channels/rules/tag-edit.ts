/**
 * The tag editor's request (spec part 2 §5 "Tag edit"): only what changed is sent, an invalid
 * model mapping is refused, nothing changed says so, and an empty new tag dissolves the tag.
 */
import type { EditChannelTagRequest } from '@tollgate/contracts';
import { isJsonObjectText } from './json-text';
import { uniqueNames } from './model-list';

export interface TagEditValues {
  newTag: string;
  models: string[];
  modelMapping: string;
  groups: string[];
}

export type TagEditOutcome =
  | { kind: 'request'; request: EditChannelTagRequest }
  | { kind: 'invalid-mapping' }
  | { kind: 'no-changes' };

function sameList(left: readonly string[], right: readonly string[]): boolean {
  return left.length === right.length && left.every((name, index) => name === right[index]);
}

/** Builds the `PUT /api/channel/tag` body for `tag` from the editor's values. */
export function tagEditOutcome(
  tag: string,
  initialModels: readonly string[],
  values: TagEditValues,
): TagEditOutcome {
  const request: EditChannelTagRequest = { tag };
  let changed = false;

  const mapping = values.modelMapping.trim();
  if (mapping !== '') {
    if (!isJsonObjectText(mapping)) return { kind: 'invalid-mapping' };
    request.model_mapping = mapping;
    changed = true;
  }
  const newTag = values.newTag.trim();
  if (newTag !== tag) {
    request.new_tag = newTag;
    changed = true;
  }
  const models = uniqueNames(values.models);
  if (models.length > 0 && !sameList(models, uniqueNames(initialModels))) {
    request.models = models.join(',');
    changed = true;
  }
  const groups = uniqueNames(values.groups);
  if (groups.length > 0) {
    request.groups = groups.join(',');
    changed = true;
  }
  return changed ? { kind: 'request', request } : { kind: 'no-changes' };
}
