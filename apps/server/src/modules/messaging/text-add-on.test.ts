import { describe, expect, it } from 'vitest';
import { assertTextAddOn } from './text-add-on.ts';

describe('assertTextAddOn (SPEC section 5)', () => {
  it('lets e-mail through and asks texts for their own add-on', () => {
    expect(() => assertTextAddOn({ channel: 'email', activeAddOns: [] })).not.toThrow();
    expect(() => assertTextAddOn({ channel: 'sms', activeAddOns: ['sms-invitation'] })).not.toThrow();
    expect(() => assertTextAddOn({ channel: 'whatsapp', activeAddOns: ['sms-invitation'] })).toThrow(
      expect.objectContaining({ code: 'ADDON_REQUIRED', details: { addOn: 'whatsapp-invitation' } }),
    );
    expect(() => assertTextAddOn({ channel: 'sms', activeAddOns: ['templates'] })).toThrow(
      expect.objectContaining({ code: 'ADDON_REQUIRED', details: { addOn: 'sms-invitation' } }),
    );
  });
});
