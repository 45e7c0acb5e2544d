/**
 * Runs `work` over `items` with at most `concurrency` calls in flight; the results keep the items'
 * order. A rejected call rejects the whole run (callers that must go on catch inside `work`).
 */
export async function mapWithConcurrency<Item, Result>(
  items: readonly Item[],
  concurrency: number,
  work: (item: Item) => Promise<Result>,
): Promise<Result[]> {
  const results = new Array<Result>(items.length);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as Item);
    }
  }
  const workers = Math.max(1, Math.min(concurrency, items.length));
  await Promise.all(Array.from({ length: workers }, () => worker()));
  return results;
}
