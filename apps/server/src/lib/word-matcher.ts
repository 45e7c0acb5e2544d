/** ASCII code units get a dense transition table; others walk the trie's maps. */
const ASCII = 128;
/** Largest dense table built (entries: nodes × 128); a bigger trie scans with its maps only. */
const MAX_DENSE_ENTRIES = 4 * 1024 * 1024;
const UPPER_A = 65;
const UPPER_Z = 90;

/**
 * Finds any of a set of words in a text, case-insensitively, in one pass over the text whatever
 * the number of words (Aho–Corasick). Build once per word list; `findIn` allocates nothing for an
 * ASCII text (a lower-cased copy of any other). ASCII characters, most of a typical prompt, step
 * through a precomputed table (one array read per character, failure links already followed, A–Z
 * folded); other characters follow the trie and its failure links.
 */
export class WordMatcher {
  /** goto[node]: next node by UTF-16 code unit. */
  private readonly goto: Array<Map<number, number>> = [new Map()];
  /** fail[node]: the longest proper suffix of the node's path that is also a path. */
  private readonly fail: number[] = [0];
  /** word[node]: a word ending at this node (directly or through the failure chain), else ''. */
  private readonly word: string[] = [''];
  /**
   * dense[node * 128 + unit]: the automaton's next node for an ASCII unit, when built; negative
   * (the node's complement) when a word ends at that node.
   */
  private dense: Int32Array | undefined;

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
    const dense = this.dense;
    if (dense === undefined) return this.scanFolded(text.toLowerCase());
    // ASCII text (most prompts) is scanned as it is: the table folds A–Z itself, so no
    // lower-cased copy is made. The first other character sends the whole text to the general
    // scan, since lower-casing beyond ASCII depends on context (Greek final sigma).
    let node = 0;
    for (let index = 0; index < text.length; index += 1) {
      const unit = text.charCodeAt(index);
      if (unit >= ASCII) return this.scanFolded(text.toLowerCase());
      node = dense[node * ASCII + unit];
      if (node < 0) return this.word[~node];
    }
    return undefined;
  }

  /** The scan of a lower-cased text of any characters. */
  private scanFolded(folded: string): string | undefined {
    const dense = this.dense;
    let node = 0;
    for (let index = 0; index < folded.length; index += 1) {
      const unit = folded.charCodeAt(index);
      if (unit < ASCII && dense !== undefined) {
        node = dense[node * ASCII + unit];
        if (node < 0) return this.word[~node];
        continue;
      }
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
    if (this.goto.length * ASCII <= MAX_DENSE_ENTRIES) this.dense = this.denseTable(queue);
  }

  /**
   * The ASCII transitions of every node, failure links resolved: a node's missing transition is
   * its failure node's, computed first because `order` is breadth-first (failure nodes are
   * shallower).
   */
  private denseTable(order: readonly number[]): Int32Array {
    const table = new Int32Array(this.goto.length * ASCII);
    for (const [unit, child] of this.goto[0]) if (unit < ASCII) table[unit] = child;
    for (const node of order) {
      const base = node * ASCII;
      table.set(table.subarray(this.fail[node] * ASCII, this.fail[node] * ASCII + ASCII), base);
      for (const [unit, child] of this.goto[node]) if (unit < ASCII) table[base + unit] = child;
    }
    // Upper-case ASCII letters step as their lower-case (words are stored lower-cased).
    for (let base = 0; base < table.length; base += ASCII) {
      for (let unit = UPPER_A; unit <= UPPER_Z; unit += 1)
        table[base + unit] = table[base + unit + 32];
    }
    // A step into a word's end is marked, so the scan needs no second lookup per character. The
    // scan stops at a mark, so marked entries are never followed.
    for (let entry = 0; entry < table.length; entry += 1) {
      if (this.word[table[entry]]) table[entry] = ~table[entry];
    }
    return table;
  }
}
