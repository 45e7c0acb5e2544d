/**
 * Row ids in ascending order, each once: the order in which every ledger writer locks and updates
 * rows of one table, so concurrent writers wait for each other instead of deadlocking.
 */
export function ascending(ids: Iterable<number>): number[] {
  return [...new Set(ids)].sort((left, right) => left - right);
}
