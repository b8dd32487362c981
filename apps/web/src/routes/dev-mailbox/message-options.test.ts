import { messageChannels, messageKinds, textableKinds } from '@signlink/contracts/messaging/message-kinds';
import { describe, expect, it } from 'vitest';
import { channelsFor, testMessageChannels, testMessageKinds } from './message-options.ts';

describe("the send form's options", () => {
  it('are exactly the kinds and channels of the contract', () => {
    expect([...testMessageKinds]).toEqual(messageKinds);
    expect([...testMessageChannels]).toEqual([...messageChannels]);
  });

  it('offer texts for exactly the kinds the contract lets be texted', () => {
    for (const kind of messageKinds) {
      expect(channelsFor(kind), kind).toEqual(textableKinds.has(kind) ? [...messageChannels] : ['email']);
    }
  });
});
