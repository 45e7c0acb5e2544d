import { describe, expect, it } from 'vitest';
import { planPaymentChoices, type PlanGateways } from './plan-payments';

const alipay = { name: 'Alipay', type: 'alipay', color: 'blue' };
const wxpay = { name: 'WeChat Pay', type: 'wxpay', color: 'green' };
const allOn: PlanGateways = { epayMethods: [alipay, wxpay] };
const plan = { price_amount: 9.9, stripe_price_id: 'price_1', creem_product_id: 'prod_1' };

describe('planPaymentChoices', () => {
  it('offers every Epay method, then Stripe and Creem', () => {
    expect(planPaymentChoices(plan, allOn)).toEqual([
      { gateway: 'epay', method: alipay },
      { gateway: 'epay', method: wxpay },
      { gateway: 'stripe' },
      { gateway: 'creem' },
    ]);
  });

  it('leaves out Stripe and Creem for a plan without their ids', () => {
    const choices = planPaymentChoices(
      { ...plan, stripe_price_id: '', creem_product_id: '' },
      allOn,
    );
    expect(choices.map((choice) => choice.gateway)).toEqual(['epay', 'epay']);
  });

  it('offers no Epay method when Epay is not configured', () => {
    const choices = planPaymentChoices(plan, { epayMethods: [] });
    expect(choices).toEqual([{ gateway: 'stripe' }, { gateway: 'creem' }]);
  });

  it('offers no Epay method below its minimum price', () => {
    expect(planPaymentChoices({ ...plan, price_amount: 0.009 }, allOn)).toEqual([
      { gateway: 'stripe' },
      { gateway: 'creem' },
    ]);
    expect(planPaymentChoices({ ...plan, price_amount: 0.01 }, allOn)).toHaveLength(4);
  });
});
