import { describe, expect, it } from 'vitest';
import { paymentFormFields, readPaymentAnswer } from './payment-answer';

describe('readPaymentAnswer', () => {
  it('reads a quote', () => {
    expect(readPaymentAnswer({ message: 'success', data: '7.30' })).toEqual({
      ok: true,
      data: '7.30',
      url: '',
    });
  });

  it('reads a pay answer with the provider url', () => {
    const answer = readPaymentAnswer({
      message: 'success',
      data: { pid: '1', money: '7.30' },
      url: 'https://pay.example/submit.php',
    });
    expect(answer).toEqual({
      ok: true,
      data: { pid: '1', money: '7.30' },
      url: 'https://pay.example/submit.php',
    });
  });

  it('reads a refusal reason from data', () => {
    expect(readPaymentAnswer({ message: 'error', data: '充值数量不能小于 5' })).toEqual({
      ok: false,
      reason: '充值数量不能小于 5',
    });
    expect(readPaymentAnswer({ message: 'error', data: null })).toEqual({ ok: false, reason: '' });
  });

  it('reads a refusal in the standard envelope', () => {
    expect(readPaymentAnswer({ success: false, message: '无权进行此操作' })).toEqual({
      ok: false,
      reason: '无权进行此操作',
    });
  });

  it('gives null for anything else', () => {
    expect(readPaymentAnswer(undefined)).toBeNull();
    expect(readPaymentAnswer('success')).toBeNull();
    expect(readPaymentAnswer({ message: 'pending', data: '1' })).toBeNull();
  });
});

describe('paymentFormFields', () => {
  it('keeps text, numbers and booleans as text, in order', () => {
    expect(paymentFormFields({ pid: '1001', money: 7.3, device: 'pc', test: true })).toEqual([
      ['pid', '1001'],
      ['money', '7.3'],
      ['device', 'pc'],
      ['test', 'true'],
    ]);
  });

  it('drops nested values and reads a non-object as no fields', () => {
    expect(paymentFormFields({ pid: '1', nested: { a: 1 }, none: null })).toEqual([['pid', '1']]);
    expect(paymentFormFields(null)).toEqual([]);
    expect(paymentFormFields(['a'])).toEqual([]);
  });
});
