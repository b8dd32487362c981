import {
  cancelLinkBankIdOrderRoute,
  refreshLinkBankIdOrderRoute,
  startLinkBankIdOrderRoute,
} from '@signlink/contracts/bankid/link-bankid.routes';
import type { LinkAccessResponse } from '@signlink/contracts/links/link-access';
import { type ReactNode, useMemo, useRef } from 'react';
import type { ApiClient } from '../../../api/api-client.ts';
import { useApiClient } from '../../../api/api-context.tsx';
import { BankIdDialog } from '../../../components/bankid/bankid-dialog.tsx';
import type { BankIdApi, BankIdValidation } from '../../../components/bankid/bankid-machine.ts';
import type { AccessKeys } from './link-gate-api.ts';

/**
 * The BankID order calls of a link's gate (SPEC section 7, `links/{id}/bankid…`). A completed order is "validated"
 * by opening the link with its key: the access data are what the gate waits for, so a refused access is the BankID
 * dialog's own "action cancelled" with a restart (SPEC section 4).
 */
export function createLinkBankIdApi(
  client: ApiClient,
  linkId: string,
  openAccess: (keys: AccessKeys) => Promise<LinkAccessResponse>,
  onAccess: (access: LinkAccessResponse) => void,
): BankIdApi {
  const quiet = { auth: 'client', silent: true } as const;
  const orderParams = (key: string) => ({ id: linkId, clientAccessKey: key });
  return {
    // Each start is a new order at BankID: the machine's one retry is the only one.
    start: ({ ReplacesClientAccessKey }) =>
      client.api(
        startLinkBankIdOrderRoute,
        { params: { id: linkId }, body: { ReplacesClientAccessKey } },
        { ...quiet, extraTries: 0 },
      ),
    refresh: (key) => client.api(refreshLinkBankIdOrderRoute, { params: orderParams(key) }, quiet),
    cancel: (key) => client.api(cancelLinkBankIdOrderRoute, { params: orderParams(key) }, quiet),
    validate: async (key): Promise<BankIdValidation> => {
      const access = await openAccess({ BankIdClientAccessKey: key });
      onAccess(access);
      const person = access.UserData.find((entry) => entry.Type === 'bankIdPerson')?.Value ?? '';
      return { Status: 'complete', User: { PersonalNumber: person, Name: '', GivenName: '', Surname: '' } };
    },
  };
}

export interface BankIdGateDialogProps {
  linkId: string;
  openAccess: (keys: AccessKeys) => Promise<LinkAccessResponse>;
  onAccess: (access: LinkAccessResponse) => void;
  /** The privacy information and the language, which the dialog hides in the header. */
  footer?: ReactNode;
}

/**
 * SPEC section 4's BankID access dialog for a link: the app's BankID dialog (persistent, full screen on a phone) with
 * the link's calls. Leaving it with Cancel starts over at the choice of options, as there is no way past the gate.
 */
export default function BankIdGateDialog({ linkId, openAccess, onAccess, footer }: BankIdGateDialogProps) {
  const client = useApiClient();
  const onAccessRef = useRef(onAccess);
  onAccessRef.current = onAccess;
  const api = useMemo(
    () => createLinkBankIdApi(client, linkId, openAccess, (access) => onAccessRef.current(access)),
    [client, linkId, openAccess],
  );
  return (
    <BankIdDialog
      open
      purpose="link-access"
      api={api}
      onDone={() => undefined}
      onCancel={() => undefined}
      footer={footer}
    />
  );
}
