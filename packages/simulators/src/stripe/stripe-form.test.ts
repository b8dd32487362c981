import { describe, expect, it } from 'vitest';
import { parseStripeForm } from './stripe-form.ts';

describe("Stripe's bracket-notation form bodies", () => {
  it('reads nested objects and indexed arrays', () => {
    const body = new URLSearchParams({
      mode: 'payment',
      'line_items[0][price_data][unit_amount]': '50000',
      'line_items[0][price_data][product_data][name]': 'Top-up & more',
      'line_items[1][quantity]': '2',
      'metadata[kind]': 'top-up',
    }).toString();
    expect(parseStripeForm(body)).toEqual({
      mode: 'payment',
      line_items: [
        { price_data: { unit_amount: '50000', product_data: { name: 'Top-up & more' } } },
        { quantity: '2' },
      ],
      metadata: { kind: 'top-up' },
    });
  });

  it('reads brackets sent unencoded, as the SDK writes them', () => {
    expect(parseStripeForm('metadata[a]=1&line_items[0][quantity]=3')).toEqual({
      metadata: { a: '1' },
      line_items: [{ quantity: '3' }],
    });
  });

  it('drops names that would reach a prototype, are malformed, or index absurdly far', () => {
    const parsed = parseStripeForm('metadata[__proto__][x]=1&a[=2&b[99999]=3&c[]=4&ok=5');
    expect(parsed).toEqual({ ok: '5' });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
