import type { Contact } from '@signlink/contracts/contacts/contacts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useReducer } from 'react';
import { describe, expect, it } from 'vitest';
import { pathOf } from '../../../../test/auth-fixtures.ts';
import { draft, file } from '../../../../test/editor-fixtures.ts';
import { renderWithApp } from '../../../../test/render-app.tsx';
import { sendJson, startTestHttpServer } from '../../../../test/test-http-server.ts';
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

describe("a party's name and e-mail suggest the account's contacts (SPEC section 2, Contacts)", () => {
  const anna: Contact = {
    Id: 'con_anna',
    Kind: 'person',
    Name: 'Anna Andersson',
    Email: 'anna@example.com',
    Phone: '+46701234567',
    CompanyName: null,
    OrgNumber: null,
    Source: 'document',
    LastUsed: null,
    Created: '2026-11-20T10:00:00.000Z',
    Updated: '2026-11-20T10:00:00.000Z',
  };

  it('fills the name, address and number of the contact picked', slow, async () => {
    const server = await startTestHttpServer((request, response) => {
      if (pathOf(request.url) === '/v2/linktinker/contacts') {
        return sendJson(response, 200, { Contacts: [anna], Total: 1, CanEdit: true });
      }
      return sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
    });
    renderWithApp(<OneParty party={{ ...bo, Name: '' }} />, { apiBaseUrl: server.apiBase });
    // Nothing is asked before the person types.
    expect(server.requests).toEqual([]);
    fireEvent.change(field('Name'), { target: { value: 'ann' } });
    const option = await within(await screen.findByRole('listbox')).findByRole('option', { name: /Anna Andersson/ });
    expect(server.requests.map((request) => request.url)).toEqual(['/v2/linktinker/contacts?search=ann&limit=8']);
    fireEvent.click(option);
    expect((field('Name') as HTMLInputElement).value).toBe('Anna Andersson');
    expect((field('E-mail address') as HTMLInputElement).value).toBe('anna@example.com');
    expect((field('Mobile number (optional)') as HTMLInputElement).value).toBe('+46701234567');
  });

  it('keeps what was typed when no contact is picked', slow, async () => {
    const server = await startTestHttpServer((_request, response) =>
      sendJson(response, 200, { Contacts: [], Total: 0, CanEdit: true }),
    );
    renderWithApp(<OneParty party={bo} />, { apiBaseUrl: server.apiBase });
    fireEvent.change(field('E-mail address'), { target: { value: 'cai@example.com' } });
    fireEvent.blur(field('E-mail address'));
    expect((field('E-mail address') as HTMLInputElement).value).toBe('cai@example.com');
    expect((field('Name') as HTMLInputElement).value).toBe('Bo');
  });
});

describe("a party's signature type (SPEC section 3)", () => {
  it('offers all four, the ID-scanned types 5 and 6 included, and takes one', slow, async () => {
    renderWithApp(<OneParty party={{ ...bo, Email: 'bo@example.com' }} />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Signature type' }));
    const listbox = await screen.findByRole('listbox');
    const options = within(listbox).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Swedish BankID',
      'E-signature',
      'ID plus e-signature',
      'Live ID',
    ]);
    expect(options.filter((option) => option.getAttribute('aria-disabled') === 'true')).toEqual([]);
    fireEvent.click(within(listbox).getByRole('option', { name: 'Live ID' }));
    expect(screen.getByRole('combobox', { name: 'Signature type' }).textContent).toBe('Live ID');
  });
});
