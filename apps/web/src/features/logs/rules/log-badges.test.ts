import { describe, expect, it } from 'vitest';
import { firstTokenColor, firstTokenSeconds, hasFirstTokenTime, useTimeColor } from './log-badges';

/** Each table below samples two times per colour band, from fast to slow. */
const twoOfEachColour = ['green', 'green', 'orange', 'orange', 'red', 'red'];

describe('log badges', () => {
  it('colour the use time: under 101 s green, under 300 s orange, else red', () => {
    expect([0, 100, 101, 299, 300, 1000].map(useTimeColor)).toEqual(twoOfEachColour);
  });

  it('colour the first-token time: under 3 s green, under 10 s orange, else red', () => {
    expect([0, 2949, 2950, 9940, 9960, 12000].map(firstTokenColor)).toEqual(twoOfEachColour);
  });

  it('show the first-token time in seconds with one decimal', () => {
    expect(firstTokenSeconds(1234)).toBe('1.2');
    expect(firstTokenSeconds(0)).toBe('0.0');
  });

  it('show a first-token time for stream calls that recorded one', () => {
    expect(hasFirstTokenTime(true, 850)).toBe(true);
    expect(hasFirstTokenTime(true, undefined)).toBe(false);
    expect(hasFirstTokenTime(false, 850)).toBe(false);
    expect(hasFirstTokenTime(true, -1000)).toBe(false);
  });
});
