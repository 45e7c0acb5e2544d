/**
 * Fuzzy model-name search of the pricing page. Every whitespace-separated term of the query must
 * match the name, case-insensitively, either as a plain substring or as a subsequence once
 * separators are ignored (`gpt4o` finds `gpt-4o-mini`, `c35s` finds `claude-3-5-sonnet`).
 */

/** How well a name matched: lower is better. */
export type MatchRank = 0 | 1 | 2;

const separators = /[\s\-_.:/@]+/g;

function compact(text: string): string {
  return text.toLowerCase().replace(separators, '');
}

function isSubsequence(needle: string, haystack: string): boolean {
  let position = 0;
  for (const character of haystack) {
    if (character === needle[position]) position += 1;
    if (position === needle.length) return true;
  }
  return needle.length === 0;
}

/** The query's terms, lower-cased; an empty query has none. */
export function searchTerms(query: string): string[] {
  return query.trim().toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * Rank of `name` for the terms: 0 when the name starts with the first term and contains the others,
 * 1 when every term is a substring, 2 when some term only matches as a subsequence, null when a
 * term does not match at all.
 */
export function matchRank(name: string, terms: readonly string[]): MatchRank | null {
  const lower = name.toLowerCase();
  const compactName = compact(name);
  let rank: MatchRank = 0;
  for (const [index, term] of terms.entries()) {
    const position = lower.indexOf(term);
    if (position === 0 && index === 0) continue;
    if (position >= 0) {
      rank = Math.max(rank, 1) as MatchRank;
      continue;
    }
    if (!isSubsequence(compact(term), compactName)) return null;
    rank = 2;
  }
  return rank;
}

/** The items whose name matches, best matches first (stable within a rank). */
export function fuzzyFilter<Item>(
  items: readonly Item[],
  query: string,
  nameOf: (item: Item) => string,
): Item[] {
  const terms = searchTerms(query);
  if (terms.length === 0) return [...items];
  return items
    .map((item, index) => ({ item, index, rank: matchRank(nameOf(item), terms) }))
    .filter((entry): entry is { item: Item; index: number; rank: MatchRank } => entry.rank !== null)
    .sort((left, right) => left.rank - right.rank || left.index - right.index)
    .map((entry) => entry.item);
}
