import { describe, expect, it } from 'vitest';
import { clientPage, serverPage } from './list-paging';

describe('serverPage', () => {
  it('offers one more page after a full page', () => {
    expect(serverPage([1, 2], 1, 2)).toEqual({ rows: [1, 2], total: 3, exact: false });
    expect(serverPage([5, 6], 3, 2)).toEqual({ rows: [5, 6], total: 7, exact: false });
  });

  it('knows the total after a short page', () => {
    expect(serverPage([5], 3, 2)).toEqual({ rows: [5], total: 5, exact: true });
    expect(serverPage([], 1, 10)).toEqual({ rows: [], total: 0, exact: true });
  });
});

describe('clientPage', () => {
  it('slices the complete list', () => {
    expect(clientPage([1, 2, 3, 4, 5], 2, 2)).toEqual({ rows: [3, 4], total: 5, exact: true });
    expect(clientPage([1, 2, 3], 3, 2)).toEqual({ rows: [], total: 3, exact: true });
  });
});
