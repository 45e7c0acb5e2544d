import {
  drawFrom,
  giveBack,
  identityOf,
  newBlock,
  tailOf,
  usedBy,
  type Block,
} from './limit-block.js';
import type {
  CounterReservation,
  CounterSettlement,
  LimitStore,
  ReserveReply,
} from './limit-store.js';

/** Calls a block is first sized for; it doubles (up to the most) while blocks run out quickly. */
const FIRST_BLOCK_CALLS = 4;
const MOST_BLOCK_CALLS = 64;
/**
 * A block is taken only when the counters keep room for this many more such calls beyond it, so
 * the last stretch before any limit is always counted call by call.
 */
const HEADROOM_CALLS = 100;
/** A block takes new calls during the second it was taken in (by the engine's clock) at most. */
const BLOCK_SECONDS = 1;
/**
 * Blocks nobody drew from for this long are closed (their unused room given back); a closed block
 * whose calls still run after this long is shrunk to them.
 */
const IDLE_CLOSE_MS = 250;

/** The blocks of one set of counters (the same keys and maxima: one token's limits). */
interface CounterSet {
  block?: Block;
  /** The block being reserved; calls arriving meanwhile wait for it. */
  taking?: Promise<void>;
  /** Until this second calls are counted one by one (a block was refused: the counters are tight). */
  exactUntil: number;
  nextBlockCalls: number;
}

interface CallFromBlock {
  block: Block;
  amounts: readonly number[];
}

/**
 * Counts most calls in memory, exactly, in blocks: when a token's counters have plenty of room, one
 * reservation in the store sets aside room for several calls (a block), and the calls are admitted
 * from it without a round trip; a block's settled use is written when it closes. As the quota
 * ledger's holds, this never admits more than the limits allow — a block is a reservation like any
 * call's, dead with its process at the same expiry — and costs the store one reservation and one
 * settlement per block instead of per call.
 *
 * A block is taken only while the counters keep room for `HEADROOM_CALLS` more calls beyond it;
 * otherwise (small limits, a limit nearly reached) calls are counted one by one in the store, so
 * exactly the limit is admitted across processes. The price of blocks: near a large limit another
 * process may be refused while this one still has unused room in a block, until the block closes
 * (idle for 250 ms, or its second over) and gives the room back.
 *
 * A closed block is written once its last call is settled; one whose calls still run 250 ms later
 * (a stream may last minutes) shrinks: its reservation is replaced by one of exactly what those
 * calls set aside (its tail).
 */
export class BlockLimitStore implements LimitStore {
  private readonly sets = new Map<string, CounterSet>();
  private readonly calls = new Map<string, CallFromBlock>();
  /** Closed blocks waiting for their last calls. */
  private readonly closing = new Set<Block>();
  private readonly shrinks = new Set<Promise<void>>();
  private blockSequence = 0;
  /** Runs only while there are blocks to watch, so an idle store holds no timer. */
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: LimitStore,
    private readonly onError: (error: unknown) => void,
  ) {}

  async reserve(
    reservation: string,
    counters: readonly CounterReservation[],
    nowSeconds: number,
    reservationExpiresAt: number,
  ): Promise<ReserveReply> {
    const identity = identityOf(counters);
    let set = this.sets.get(identity);
    if (set === undefined) {
      set = { exactUntil: 0, nextBlockCalls: FIRST_BLOCK_CALLS };
      this.sets.set(identity, set);
      this.watch();
    }
    for (;;) {
      const { block } = set;
      if (block !== undefined && this.fits(block, counters, nowSeconds)) {
        return this.admitFrom(block, reservation, counters, nowSeconds);
      }
      if (set.taking !== undefined) {
        await set.taking.catch(() => undefined);
        continue;
      }
      if (nowSeconds < set.exactUntil) break;
      if (block !== undefined) {
        // It ran out within its second: the next one is bigger.
        if (block.open && block.takenAtSecond === nowSeconds) {
          set.nextBlockCalls = Math.min(MOST_BLOCK_CALLS, set.nextBlockCalls * 2);
        }
        this.close(set, block);
      }
      const taking = this.takeBlock(set, reservation, counters, nowSeconds, reservationExpiresAt);
      set.taking = taking;
      try {
        await taking;
      } finally {
        set.taking = undefined;
      }
    }
    return this.store.reserve(reservation, counters, nowSeconds, reservationExpiresAt);
  }

  private fits(block: Block, counters: readonly CounterReservation[], nowSeconds: number) {
    if (!block.open || nowSeconds - block.takenAtSecond >= BLOCK_SECONDS) return false;
    return counters.every((counter, index) => block.room[index] >= counter.amount);
  }

  private admitFrom(
    block: Block,
    reservation: string,
    counters: readonly CounterReservation[],
    nowSeconds: number,
  ): ReserveReply {
    const amounts = counters.map((counter) => counter.amount);
    const levels = drawFrom(block, amounts, nowSeconds);
    this.calls.set(reservation, { block, amounts });
    return { admitted: true, refusedIndex: 0, levels };
  }

  /** Reserves a block sized for `nextBlockCalls` such calls, or marks the counters tight. */
  private async takeBlock(
    set: CounterSet,
    reservation: string,
    counters: readonly CounterReservation[],
    nowSeconds: number,
    reservationExpiresAt: number,
  ): Promise<void> {
    const calls = set.nextBlockCalls;
    const blockCounters = counters.map((counter) => ({
      key: counter.key,
      max: counter.max - HEADROOM_CALLS * counter.amount,
      amount: calls * counter.amount,
      expiresAt: counter.expiresAt,
    }));
    if (blockCounters.some((counter) => counter.max < counter.amount)) {
      set.exactUntil = nowSeconds + BLOCK_SECONDS; // limits too small for blocks
      return;
    }
    this.blockSequence += 1;
    const id = `${reservation}.b${this.blockSequence.toString(36)}`;
    const reply = await this.store.reserve(id, blockCounters, nowSeconds, reservationExpiresAt);
    if (!reply.admitted) {
      set.exactUntil = nowSeconds + BLOCK_SECONDS;
      set.nextBlockCalls = FIRST_BLOCK_CALLS;
      return;
    }
    set.block = newBlock(id, blockCounters, reply.levels, nowSeconds, reservationExpiresAt);
  }

  settle(reservation: string, counters: readonly CounterSettlement[]): void {
    const call = this.calls.get(reservation);
    if (call === undefined) {
      this.store.settle(reservation, counters);
      return;
    }
    this.calls.delete(reservation);
    const { block, amounts } = call;
    giveBack(block, amounts, counters);
    if (!block.open && !block.shrinking && block.inFlight === 0) {
      this.closing.delete(block);
      this.writeBlock(block);
    }
  }

  /** Takes no more calls into the block; written as soon as its last call is settled. */
  private close(set: CounterSet, block: Block): void {
    if (set.block === block) set.block = undefined;
    if (!block.open) return;
    block.open = false;
    block.closedAtMs = Date.now();
    if (block.inFlight === 0) this.writeBlock(block);
    else this.closing.add(block);
  }

  /**
   * Gives back the unused room of a closed block whose calls still run (a stream may last
   * minutes): its reservation is replaced by one of exactly what those calls set aside (its tail).
   */
  private shrink(block: Block): void {
    this.closing.delete(block);
    block.shrinking = true;
    const tail = `${block.id}.t`;
    const shrink = this.store
      .reserve(tail, tailOf(block), block.lastSecond, block.expiresAt)
      .then((reply) => {
        if (!reply.admitted) return;
        // The tail holds what the running calls set aside: the block's reservation can go, with
        // what its settled calls used.
        this.writeBlock(block);
        block.used.fill(0);
        block.id = tail;
      })
      .catch(this.onError)
      .finally(() => {
        block.shrinking = false;
        this.shrinks.delete(shrink);
        if (block.inFlight === 0) this.writeBlock(block);
      });
    this.shrinks.add(shrink);
    // A failure reaches `onError`, and `flush` if it waits; never an unhandled rejection.
    shrink.catch(() => undefined);
  }

  /** Replaces the block's reservation by what its calls used. */
  private writeBlock(block: Block): void {
    this.store.settle(block.id, usedBy(block));
  }

  private watch(): void {
    if (this.sweeper !== undefined) return;
    this.sweeper = setInterval(() => this.closeIdle(Date.now()), IDLE_CLOSE_MS);
    // Never keeps a process alive: `flush` closes every block at shutdown.
    this.sweeper.unref();
  }

  private closeIdle(nowMs: number): void {
    for (const block of this.closing) {
      if (nowMs - block.closedAtMs >= IDLE_CLOSE_MS) this.shrink(block);
    }
    for (const [identity, set] of this.sets) {
      const { block } = set;
      if (block !== undefined && nowMs - block.lastUseMs >= IDLE_CLOSE_MS) this.close(set, block);
      // Forgotten once idle (a new window is a new set): the next call starts afresh.
      if (set.block === undefined && set.taking === undefined) this.sets.delete(identity);
    }
    if (this.sets.size === 0 && this.closing.size === 0) {
      clearInterval(this.sweeper);
      this.sweeper = undefined;
    }
  }

  async levels(keys: readonly string[], nowSeconds: number): Promise<number[]> {
    const levels = await this.store.levels(keys, nowSeconds);
    // Room set aside in this process's open blocks is not used by anyone.
    for (const set of this.sets.values()) {
      const block = set.block;
      if (block === undefined) continue;
      block.counters.forEach((counter, index) => {
        const at = keys.indexOf(counter.key);
        if (at >= 0) levels[at] -= Math.max(0, block.room[index]);
      });
    }
    return levels;
  }

  async flush(): Promise<void> {
    for (const set of this.sets.values()) if (set.block) this.close(set, set.block);
    for (const block of this.closing) this.shrink(block);
    // Nothing left to watch: no timer outlives a shutdown.
    this.closeIdle(Number.POSITIVE_INFINITY);
    await Promise.all([...this.shrinks]);
    await this.store.flush();
  }
}
