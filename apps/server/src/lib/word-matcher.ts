/**
 * Finds any of a set of words in a text, case-insensitively, in one pass over the text whatever
 * the number of words (Aho–Corasick). Build once per word list; `findIn` allocates nothing but the
 * lower-cased text.
 */
export class WordMatcher {
  /** goto[node]: next node by UTF-16 code unit. */
  private readonly goto: Array<Map<number, number>> = [new Map()];
  /** fail[node]: the longest proper suffix of the node's path that is also a path. */
  private readonly fail: number[] = [0];
  /** word[node]: a word ending at this node (directly or through the failure chain), else ''. */
  private readonly word: string[] = [''];

  constructor(words: Iterable<string>) {
    for (const raw of words) {
      const word = raw.trim().toLowerCase();
      if (word) this.insert(word);
    }
    this.link();
  }

  /** True when no word was given: nothing can match. */
  get empty(): boolean {
    return this.goto[0].size === 0;
  }

  /** The first word found in `text` (as lower-cased), or undefined. */
  findIn(text: string): string | undefined {
    if (this.empty || text.length === 0) return undefined;
    const folded = text.toLowerCase();
    let node = 0;
    for (let index = 0; index < folded.length; index += 1) {
      const unit = folded.charCodeAt(index);
      let next = this.goto[node].get(unit);
      while (next === undefined && node !== 0) {
        node = this.fail[node];
        next = this.goto[node].get(unit);
      }
      node = next ?? 0;
      if (this.word[node]) return this.word[node];
    }
    return undefined;
  }

  private insert(word: string): void {
    let node = 0;
    for (let index = 0; index < word.length; index += 1) {
      const unit = word.charCodeAt(index);
      let next = this.goto[node].get(unit);
      if (next === undefined) {
        next = this.goto.length;
        this.goto.push(new Map());
        this.fail.push(0);
        this.word.push('');
        this.goto[node].set(unit, next);
      }
      node = next;
    }
    if (!this.word[node]) this.word[node] = word;
  }

  /** Breadth-first: failure links, and words inherited along them. */
  private link(): void {
    const queue: number[] = [...this.goto[0].values()];
    for (let head = 0; head < queue.length; head += 1) {
      const node = queue[head];
      for (const [unit, child] of this.goto[node]) {
        let fallback = this.fail[node];
        while (fallback !== 0 && !this.goto[fallback].has(unit)) fallback = this.fail[fallback];
        const target = this.goto[fallback].get(unit);
        this.fail[child] = target !== undefined && target !== child ? target : 0;
        if (!this.word[child]) this.word[child] = this.word[this.fail[child]];
        queue.push(child);
      }
    }
  }
}
