import { beforeEach, describe, expect, it, vi } from 'vitest';

const get = vi.fn();
const post = vi.fn();
vi.mock('../lib/http-client', () => ({ http: { get, post } }));

const { fetchEnabledTokenKeys, isMaskedKey, revealTokenKey } = await import('./token-keys');

const masked = 'abcd**********wxyz';

describe('token keys', () => {
  beforeEach(() => {
    get.mockReset();
    post.mockReset();
  });

  it('tells masked keys from whole ones', () => {
    expect(isMaskedKey(masked)).toBe(true);
    expect(isMaskedKey('ab****yz')).toBe(true);
    expect(isMaskedKey('a'.repeat(48))).toBe(false);
  });

  it('reads a key from the reveal route', async () => {
    post.mockResolvedValue({ key: 'full-key' });
    expect(await revealTokenKey(7)).toBe('full-key');
    expect(post).toHaveBeenCalledWith('/api/token/7/key');
  });

  it('reveals only the first enabled token, and only when asked', async () => {
    get.mockResolvedValue([
      { id: 1, status: 2, key: masked },
      { id: 2, status: 1, key: masked },
      { id: 3, status: 1, key: masked },
    ]);
    post.mockResolvedValue({ key: 'second-full' });
    expect(await fetchEnabledTokenKeys()).toEqual(['second-full', masked]);
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/api/token/2/key');

    post.mockClear();
    expect(await fetchEnabledTokenKeys(false)).toEqual([masked, masked]);
    expect(post).not.toHaveBeenCalled();
  });

  it('uses whole keys from the list as they are (TokenKeysInLists)', async () => {
    get.mockResolvedValue([{ id: 4, status: 1, key: 'whole' }]);
    expect(await fetchEnabledTokenKeys()).toEqual(['whole']);
    expect(post).not.toHaveBeenCalled();
  });
});
