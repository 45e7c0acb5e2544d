import { describe, expect, it } from 'vitest';
import { leaseSize } from './lease-size.js';

const roomy = { user: 10_000_000, token: undefined };

describe('leaseSize', () => {
  it('asks a tight balance for exactly what the waiting calls lack', () => {
    expect(
      leaseSize({
        available: 0,
        inFlight: 0,
        estimates: [100, 100, 50],
        balances: { user: 10_000, token: undefined },
      }),
    ).toEqual({ wanted: 250, steps: [100, 200, 250], roomy: false });
    // What the hold still has counts: only the shortfall is asked for.
    expect(
      leaseSize({
        available: 150,
        inFlight: 300,
        estimates: [100, 100],
        balances: { user: 10_000, token: undefined },
      }),
    ).toEqual({ wanted: 50, steps: [50], roomy: false });
  });

  it('is roomy only above 100 × the largest estimate, for the user and a limited token', () => {
    const at = (user: number, token?: number) =>
      leaseSize({ available: 0, inFlight: 0, estimates: [100], balances: { user, token } }).roomy;
    expect(at(10_001)).toBe(true);
    expect(at(10_000)).toBe(false);
    expect(at(10_001, 10_001)).toBe(true);
    expect(at(10_001, 10_000)).toBe(false);
  });

  it('takes room for 64 more calls, or four times as many as are in flight', () => {
    expect(leaseSize({ available: 0, inFlight: 0, estimates: [100], balances: roomy })).toEqual({
      wanted: 100 + 6_400,
      steps: [100],
      roomy: true,
    });
    expect(
      leaseSize({ available: 0, inFlight: 5_000, estimates: [100], balances: roomy }).wanted,
    ).toBe(100 + 4 * 5_100);
  });

  it('never takes more than an eighth of the balance as room', () => {
    expect(
      leaseSize({
        available: 0,
        inFlight: 0,
        estimates: [100],
        balances: { user: 10_100, token: undefined },
      }),
    ).toMatchObject({ wanted: 100 + 1_262 });
    expect(
      leaseSize({
        available: 0,
        inFlight: 0,
        estimates: [100],
        balances: { user: 1e9, token: 12_000 },
      }),
    ).toMatchObject({ wanted: 100 + 1_500 });
  });

  it('asks nothing when the hold already covers the waiting calls', () => {
    expect(
      leaseSize({ available: 500, inFlight: 0, estimates: [100, 200], balances: roomy }),
    ).toEqual({
      wanted: 0,
      steps: [],
      roomy: true,
    });
  });
});
