import { describe, expect, it } from 'vitest';
import { checkTransfer, defaultTransferAmount, inviteLink, minimumTransfer } from './affiliate';

describe('inviteLink', () => {
  it('uses the configured server address', () => {
    expect(inviteLink('https://gate.example.com', 'http://localhost:3000', 'Ab3x')).toBe(
      'https://gate.example.com/register?aff=Ab3x',
    );
  });

  it('drops trailing slashes of the base', () => {
    expect(inviteLink('https://gate.example.com/', 'http://x', 'Ab3x')).toBe(
      'https://gate.example.com/register?aff=Ab3x',
    );
    expect(inviteLink(undefined, 'http://localhost:3000//', 'Ab3x')).toBe(
      'http://localhost:3000/register?aff=Ab3x',
    );
  });

  it('falls back to the console origin when no server address is set', () => {
    expect(inviteLink('', 'http://localhost:3000', 'Ab3x')).toBe(
      'http://localhost:3000/register?aff=Ab3x',
    );
    expect(inviteLink('   ', 'http://localhost:3000', 'Ab3x')).toBe(
      'http://localhost:3000/register?aff=Ab3x',
    );
  });

  it('escapes the code', () => {
    expect(inviteLink('', 'http://h', 'a&b')).toBe('http://h/register?aff=a%26b');
  });
});

describe('checkTransfer', () => {
  const minimum = minimumTransfer(500000);

  it('accepts the minimum up to everything pending', () => {
    expect(checkTransfer(500000, minimum, 1200000)).toBeNull();
    expect(checkTransfer(1200000, minimum, 1200000)).toBeNull();
  });

  it('refuses less than one unit, before looking at what is pending', () => {
    expect(checkTransfer(499999, minimum, 1200000)).toBe('belowMinimum');
    expect(checkTransfer(1, minimum, 0)).toBe('belowMinimum');
  });

  it('refuses more than is pending', () => {
    expect(checkTransfer(1200001, minimum, 1200000)).toBe('exceedsAvailable');
    expect(checkTransfer(500000, minimum, 0)).toBe('exceedsAvailable');
  });

  it('refuses empty, zero, negative and fractional amounts', () => {
    for (const amount of [null, 0, -500000, 500000.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(checkTransfer(amount, minimum, 1e12)).toBe('amountInvalid');
    }
  });
});

describe('minimumTransfer', () => {
  it('is one unit of quota, rounded up to a whole amount', () => {
    expect(minimumTransfer(500000)).toBe(500000);
    expect(minimumTransfer(1000.4)).toBe(1001);
  });
});

describe('defaultTransferAmount', () => {
  it('offers everything pending when it reaches the minimum', () => {
    expect(defaultTransferAmount(500000, 1234567)).toBe(1234567);
    expect(defaultTransferAmount(500000, 500000)).toBe(500000);
  });

  it('offers the minimum otherwise', () => {
    expect(defaultTransferAmount(500000, 0)).toBe(500000);
    expect(defaultTransferAmount(500000, 499999)).toBe(500000);
  });
});
