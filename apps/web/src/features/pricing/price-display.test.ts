import { describe, expect, it } from 'vitest';
import {
  completionPricePerMillion,
  convertPrice,
  displayPrice,
  formatMoney,
  formatRatio,
  isPricedPerSecond,
  perCallPrice,
  promptPricePerMillion,
  type PriceDisplay,
} from './price-display';

const plain: PriceDisplay = {
  withTopUpPrice: false,
  currency: 'USD',
  topUpPrice: 7.3,
  usdExchangeRate: 7.3,
};

describe('pricing page prices', () => {
  it('derives prices per 1M tokens and per call with the group ratio', () => {
    expect(promptPricePerMillion(1.25, 1)).toBe(2.5);
    expect(completionPricePerMillion(1.25, 4, 1)).toBe(10);
    expect(promptPricePerMillion(0.075, 0.5)).toBeCloseTo(0.075);
    expect(completionPricePerMillion(37.5, 1, 2)).toBe(150);
    expect(perCallPrice(0.04, 1.5)).toBeCloseTo(0.06);
  });

  it('prices video models with a fixed price per second', () => {
    const entry = (model_name: string, quota_type: number, endpointTypes: string[] = []) => ({
      model_name,
      quota_type,
      meta: { endpointTypes },
    });
    expect(isPricedPerSecond(entry('sora-2', 1))).toBe(true);
    expect(isPricedPerSecond({ model_name: 'kling-v1', quota_type: 1, meta: null })).toBe(true);
    expect(isPricedPerSecond(entry('house-video', 1, ['openai-video']))).toBe(true);
    expect(isPricedPerSecond(entry('dall-e-3', 1, ['image-generation']))).toBe(false);
    // Priced by ratio: the per-token lines stay.
    expect(isPricedPerSecond(entry('sora-2', 0))).toBe(false);
  });

  it('shows quota dollars unchanged without the top-up display', () => {
    expect(convertPrice(2.5, { ...plain, currency: 'CNY' })).toEqual({
      amount: 2.5,
      currency: 'USD',
    });
    expect(displayPrice(0.15, plain)).toBe('$0.15');
  });

  it('converts at the top-up price, in USD or CNY', () => {
    const topUp: PriceDisplay = {
      withTopUpPrice: true,
      currency: 'USD',
      topUpPrice: 5,
      usdExchangeRate: 7,
    };
    expect(convertPrice(7, topUp)).toEqual({ amount: 5, currency: 'USD' });
    expect(displayPrice(2, { ...topUp, currency: 'CNY' })).toBe('¥10.00');
    // Top-up price equal to the exchange rate: one quota dollar costs one dollar.
    expect(displayPrice(2.5, { ...topUp, topUpPrice: 7.3, usdExchangeRate: 7.3 })).toBe('$2.5');
  });

  it('falls back to the default rates when the status has none', () => {
    const broken: PriceDisplay = {
      withTopUpPrice: true,
      currency: 'USD',
      topUpPrice: 0,
      usdExchangeRate: Number.NaN,
    };
    expect(displayPrice(1, broken)).toBe('$1');
    expect(displayPrice(1, { ...broken, currency: 'CNY' })).toBe('¥7.30');
  });

  it('formats money and ratios without float noise', () => {
    expect(formatMoney(0.1 + 0.2, 'USD')).toBe('$0.3');
    expect(formatMoney(1.6438356, 'USD')).toBe('$1.6438');
    expect(formatMoney(0.0000412, 'USD')).toBe('$0.000041');
    expect(formatMoney(0.0000004, 'USD')).toBe('$0');
    expect(formatMoney(1.005, 'CNY')).toBe('¥1.00');
    expect(formatRatio(4 / 3)).toBe('1.3333');
    expect(formatRatio(37.5)).toBe('37.5');
  });
});
