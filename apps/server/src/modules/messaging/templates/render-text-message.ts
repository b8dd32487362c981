import { countSmsSegments, maxSmsSegments } from '@signlink/contracts/messaging/sms-segments';
import type { MessageContent } from './message-content.ts';

// Three dots, not '…': the ellipsis character is outside GSM 03.38 and would make the whole text UCS-2.
const ellipsis = '...';
const shortestName = 8;

/**
 * The SMS or WhatsApp text, within two SMS (issue 3). When names make it longer, the longest shrinkable
 * value (a document name, then a sender name) is cut with an ellipsis until it fits; the link and the
 * code are never cut. Throws when even the shortest form does not fit, which a template test catches.
 */
export function renderTextMessage(sms: NonNullable<MessageContent['sms']>): string {
  const vars = { ...sms.vars };
  let text = sms.template(vars);
  while (countSmsSegments(text).segments > maxSmsSegments) {
    const longest = sms.shrinkable
      .filter((key) => (vars[key]?.length ?? 0) > shortestName)
      .sort((a, b) => (vars[b]?.length ?? 0) - (vars[a]?.length ?? 0))[0];
    if (!longest) throw new Error(`Text message does not fit ${maxSmsSegments} SMS: ${text}`);
    const value = vars[longest] as string;
    const over = Math.max(1, countSmsSegments(text).units - unitsAllowed(text));
    const keep = Math.max(shortestName - 1, value.replace(/\.\.\.$/, '').length - over);
    const shortened = `${value
      .replace(/\.\.\.$/, '')
      .slice(0, keep)
      .trimEnd()}${ellipsis}`;
    // Already as short as a name gets: without this the loop would cut it to itself for ever.
    if (shortened === value) throw new Error(`Text message does not fit ${maxSmsSegments} SMS: ${text}`);
    vars[longest] = shortened;
    text = sms.template(vars);
  }
  return text;
}

/** Units that fit two SMS in the text's encoding. */
function unitsAllowed(text: string): number {
  return countSmsSegments(text).encoding === 'GSM-7' ? 153 * maxSmsSegments : 67 * maxSmsSegments;
}
