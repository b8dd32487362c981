import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useReducer } from 'react';
import { describe, expect, it } from 'vitest';
import { draft, file } from '../../../../test/editor-fixtures.ts';
import { renderWithApp } from '../../../../test/render-app.tsx';
import { type DraftParty, editorReducer, initialEditorState } from './editor-state.ts';
import { PartyCard } from './party-card.tsx';

const bo: DraftParty = {
  SignatureIndex: 0,
  Name: 'Bo',
  Email: '',
  InvitationMethod: 'email',
  SignatureType: 'e-signature',
  GetPaid: false,
};

/** One party card over the editor's own reducer, so typing changes the party as in the editor. */
function OneParty({ party, problems = [] }: { party: DraftParty; problems?: string[] }) {
  const [state, dispatch] = useReducer(editorReducer, undefined, () =>
    initialEditorState({ ...draft, Parties: [party] }, file),
  );
  const [shown] = state.parties;
  if (!shown) return null;
  return <PartyCard party={shown} isSelected fieldCount={0} problems={problems} dispatch={dispatch} />;
}

// By label rather than by role: the same element, found without walking MUI's whole accessibility tree.
const field = (label: string) => screen.getByLabelText(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const errorOf = (label: string) => field(label).getAttribute('aria-invalid');
const slow = { timeout: 15_000 };

describe("a party's e-mail address and mobile number (SPEC section 5)", () => {
  it('say what is wrong while they are typed, once the field has been left', slow, () => {
    renderWithApp(<OneParty party={bo} />);
    // A new address is not told off at its first letters.
    type('E-mail address', 'anna@');
    expect(errorOf('E-mail address')).toBe('false');
    fireEvent.blur(field('E-mail address'));
    expect(screen.getByText('This is not a valid e-mail address.')).toBeTruthy();
    expect(errorOf('E-mail address')).toBe('true');

    type('E-mail address', '');
    expect(screen.getByText('Enter an e-mail address: the invitation is sent to it.')).toBeTruthy();
    type('E-mail address', 'anna@example.com');
    expect(screen.queryByText('This is not a valid e-mail address.')).toBeNull();
    expect(errorOf('E-mail address')).toBe('false');
  });

  it('check the mobile number only when the invitation goes by text', slow, () => {
    renderWithApp(<OneParty party={{ ...bo, Email: 'bo@example.com', Phone: '12' }} />);
    fireEvent.blur(field('Mobile number (optional)'));
    expect(errorOf('Mobile number (optional)')).toBe('false');
    cleanup();

    renderWithApp(<OneParty party={{ ...bo, Email: 'bo@example.com', Phone: '12', InvitationMethod: 'sms' }} />);
    fireEvent.blur(field('Mobile number'));
    expect(screen.getByText('Enter a valid mobile number, such as 070-123 45 67 or +46 70 123 45 67.')).toBeTruthy();
    expect(errorOf('Mobile number')).toBe('true');
    type('Mobile number', '070-123 45 67');
    expect(errorOf('Mobile number')).toBe('false');
  });

  it('show their errors at once after sending found problems with the party', slow, () => {
    renderWithApp(<OneParty party={{ ...bo, Email: 'bo@invalid' }} problems={["Bo's e-mail address is not valid."]} />);
    expect(screen.getByText('This is not a valid e-mail address.')).toBeTruthy();
  });
});
