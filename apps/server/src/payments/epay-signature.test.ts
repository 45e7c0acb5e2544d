import { describe, expect, it } from 'vitest';
import { hasValidEpaySignature, signEpayParams } from './epay-signature.js';

const KEY = 'secret-key';
// The signed text is
// device=pc&money=73.00&name=TUC10&notify_url=http://a.example/api/user/epay/notify&out_trade_no=…
// &pid=1001&return_url=http://a.example/log&type=alipay, then the key; MD5 taken with Python's hashlib.
const PARAMS = {
  pid: '1001',
  type: 'alipay',
  out_trade_no: 'USR1NOabc1231700000000',
  notify_url: 'http://a.example/api/user/epay/notify',
  return_url: 'http://a.example/log',
  name: 'TUC10',
  money: '73.00',
  device: 'pc',
  sign_type: 'MD5',
  sign: '',
  param: '',
};
const SIGNATURE = 'b4a100cab12e8b2648c5bc75b60852b6';

describe('Epay MD5 signature', () => {
  it('signs sorted non-empty params without sign and sign_type, key appended', () => {
    expect(signEpayParams(PARAMS, KEY)).toBe(SIGNATURE);
    // Order of the params, sign, sign_type and empty values do not change it.
    const shuffled = Object.fromEntries(Object.entries(PARAMS).reverse());
    expect(signEpayParams({ ...shuffled, sign: 'x', sign_type: 'RSA' }, KEY)).toBe(SIGNATURE);
  });

  it('verifies only the right signature under the right key', () => {
    expect(hasValidEpaySignature({ ...PARAMS, sign: SIGNATURE }, KEY)).toBe(true);
    expect(hasValidEpaySignature({ ...PARAMS, sign: SIGNATURE.toUpperCase() }, KEY)).toBe(true);
    expect(hasValidEpaySignature({ ...PARAMS, sign: SIGNATURE }, 'other-key')).toBe(false);
    expect(hasValidEpaySignature({ ...PARAMS, money: '0.01', sign: SIGNATURE }, KEY)).toBe(false);
    expect(hasValidEpaySignature({ ...PARAMS, sign: SIGNATURE.slice(1) }, KEY)).toBe(false);
    expect(hasValidEpaySignature({ ...PARAMS, sign: '' }, KEY)).toBe(false);
    const { sign: _sign, ...unsigned } = PARAMS;
    expect(hasValidEpaySignature(unsigned, KEY)).toBe(false);
  });
});
