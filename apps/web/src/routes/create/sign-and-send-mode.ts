import type { Draft } from '../../api/drafts-api.ts';

type DraftParty = Draft['Parties'][number];

/** The editor's query for sign and send (issue 24, part 5): the sender is the first party and signs first. */
export const signAndSendSearch = '?mode=sign-and-send';

export function isSignAndSendMode(search: URLSearchParams): boolean {
  return search.get('mode') === 'sign-and-send';
}

export type SenderPartyCheck =
  | { kind: 'missing' }
  | { kind: 'sender' }
  /** The first party has no address yet: the sender's details are filled in. */
  | { kind: 'empty'; signatureIndex: number }
  /** Someone else is first: the sender decides whether to take the place (sending would be refused). */
  | { kind: 'other'; signatureIndex: number };

/** Whether the first party is the signed-in sender, by e-mail address as the server checks. */
export function checkSenderParty(parties: readonly DraftParty[], email: string | undefined): SenderPartyCheck {
  const first = [...parties].sort((a, b) => a.SignatureIndex - b.SignatureIndex)[0];
  if (!first) return { kind: 'missing' };
  const address = first.Email?.trim().toLowerCase() ?? '';
  if (address === '') return { kind: 'empty', signatureIndex: first.SignatureIndex };
  if (address === (email ?? '').trim().toLowerCase()) return { kind: 'sender' };
  return { kind: 'other', signatureIndex: first.SignatureIndex };
}
