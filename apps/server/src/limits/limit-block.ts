import type { CounterReservation, CounterSettlement } from './limit-store.js';

/*
 * One block of limit counting (limit-blocks.ts): room reserved in the store for several calls of
 * one token, handed out in memory. What it holds and the arithmetic on it.
 */

export interface Block {
  /** The reservation the store holds for it: the block's own, or its tail once shrunk. */
  id: string;
  counters: readonly CounterReservation[];
  /** Each counter's level after the block was reserved (the whole block included). */
  levels: readonly number[];
  /** What is left to hand out, per counter (negative once calls used more than they set aside). */
  room: number[];
  /** What the calls in flight set aside, per counter. */
  held: number[];
  /** What settled calls used, per counter, not yet written to the store. */
  used: number[];
  inFlight: number;
  open: boolean;
  shrinking: boolean;
  takenAtSecond: number;
  lastSecond: number;
  lastUseMs: number;
  closedAtMs: number;
  expiresAt: number;
}

/** A block just reserved: all of its room still to hand out. */
export function newBlock(
  id: string,
  counters: readonly CounterReservation[],
  levels: readonly number[],
  nowSeconds: number,
  expiresAt: number,
): Block {
  return {
    id,
    counters,
    levels,
    room: counters.map((counter) => counter.amount),
    held: counters.map(() => 0),
    used: counters.map(() => 0),
    inFlight: 0,
    open: true,
    shrinking: false,
    takenAtSecond: nowSeconds,
    lastSecond: nowSeconds,
    lastUseMs: Date.now(),
    closedAtMs: 0,
    expiresAt,
  };
}

/** Admits a call from the block; answers each counter's level with it. */
export function drawFrom(block: Block, amounts: readonly number[], nowSeconds: number): number[] {
  const levels = amounts.map((amount, index) => {
    block.room[index] -= amount;
    block.held[index] += amount;
    return block.levels[index] - block.room[index];
  });
  block.inFlight += 1;
  block.lastSecond = nowSeconds;
  block.lastUseMs = Date.now();
  return levels;
}

/** A call of the block ended: what it set aside comes back, what it used is kept. */
export function giveBack(
  block: Block,
  amounts: readonly number[],
  settled: readonly CounterSettlement[],
): void {
  settled.forEach(({ actual }, index) => {
    block.used[index] += actual;
    block.held[index] -= amounts[index];
    block.room[index] += amounts[index] - actual;
  });
  block.inFlight -= 1;
}

/** The reservation of exactly what the block's running calls set aside (always admitted). */
export function tailOf(block: Block): CounterReservation[] {
  return block.counters.map((counter, index) => ({
    key: counter.key,
    max: Number.MAX_SAFE_INTEGER,
    amount: Math.max(0, block.held[index]),
    expiresAt: counter.expiresAt,
  }));
}

/** The block's settlement: what its settled calls used, per counter. */
export function usedBy(block: Block): CounterSettlement[] {
  return block.counters.map((counter, index) => ({
    key: counter.key,
    actual: block.used[index],
    expiresAt: counter.expiresAt,
  }));
}

export /** Calls share blocks when they count on the same counters under the same maxima. */
function identityOf(counters: readonly CounterReservation[]): string {
  let identity = '';
  for (const counter of counters) identity += `${counter.key}|${counter.max};`;
  return identity;
}
