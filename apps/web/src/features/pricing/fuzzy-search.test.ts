import { describe, expect, it } from 'vitest';
import { fuzzyFilter, matchRank, searchTerms } from './fuzzy-search';

const models = ['gpt-4o-mini', 'gpt-4o', 'claude-3-5-sonnet', 'text-embedding-3-small', 'o1-mini'];
const filter = (query: string) => fuzzyFilter(models, query, (name) => name);

describe('fuzzy model search', () => {
  it('keeps everything for an empty or blank query', () => {
    expect(filter('')).toEqual(models);
    expect(filter('   ')).toEqual(models);
    expect(searchTerms('  GPT  mini ')).toEqual(['gpt', 'mini']);
  });

  it('matches substrings case-insensitively, prefixes first', () => {
    expect(filter('MINI')).toEqual(['gpt-4o-mini', 'o1-mini']);
    expect(filter('4o')).toEqual(['gpt-4o-mini', 'gpt-4o']);
    expect(filter('o1')).toEqual(['o1-mini']);
  });

  it('matches letters in order when separators are left out', () => {
    expect(filter('gpt4o')).toEqual(['gpt-4o-mini', 'gpt-4o']);
    expect(filter('c35s')).toEqual(['claude-3-5-sonnet']);
    expect(filter('emb3')).toEqual(['text-embedding-3-small']);
  });

  it('requires every term', () => {
    expect(filter('gpt mini')).toEqual(['gpt-4o-mini']);
    expect(filter('claude mini')).toEqual([]);
    expect(filter('xyz')).toEqual([]);
  });

  it('ranks prefix, substring and subsequence matches', () => {
    expect(matchRank('gpt-4o', ['gpt'])).toBe(0);
    expect(matchRank('gpt-4o', ['4o'])).toBe(1);
    expect(matchRank('gpt-4o', ['g4o'])).toBe(2);
    expect(matchRank('gpt-4o', ['o4'])).toBeNull();
  });
});
