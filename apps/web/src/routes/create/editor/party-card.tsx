import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Contact } from '@signlink/contracts/contacts/contacts';
import {
  availableSignatureTypes,
  invitationMethods,
  signatureTypes,
} from '@signlink/contracts/documents/document-model';
import { type ContactProblem, findContactProblems } from '@signlink/contracts/documents/send-problems';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DraftParty, EditorAction, PartyChanges } from './editor-state.ts';
import { partyColorOf } from './party-colors.ts';
import { PartyContactField } from './party-contact-field.tsx';
import { PartyPaymentFields } from './party-payment-fields.tsx';

interface PartyCardProps {
  party: DraftParty;
  isSelected: boolean;
  fieldCount: number;
  /** What sending said about this party, in the user's language. */
  problems: string[];
  dispatch: (action: EditorAction) => void;
  /** A template's slot: its role is named here, and the person may be left for whoever uses the template. */
  isTemplate?: boolean;
}

/** A party (SPEC section 3): the selected one is open for editing and gets the fields placed next. */
export function PartyCard({ party, isSelected, fieldCount, problems, dispatch, isTemplate = false }: PartyCardProps) {
  const { t } = useTranslation();
  const color = partyColorOf(party.SignatureIndex);
  const displayName =
    party.Name.trim() || party.Role?.trim() || t('editor.parties.unnamed', { number: party.SignatureIndex + 1 });
  const update = (changes: PartyChanges) =>
    dispatch({ type: 'update-party', signatureIndex: party.SignatureIndex, changes });
  const needsPhone = party.InvitationMethod !== 'email';
  // SPEC section 5's contact rules, as sending checks them, while the address or number is typed. A field starts
  // complaining once it has been left (or sending found problems): not at the first keystroke of a new address.
  const [leftFields, setLeftFields] = useState<ReadonlySet<ContactProblem['field']>>(new Set());
  const contactProblems = findContactProblems({
    email: party.Email ?? null,
    phone: party.Phone ?? null,
    invitationMethod: party.InvitationMethod,
  });
  const errorOf = (field: ContactProblem['field']) => {
    const problem = contactProblems.find((each) => each.field === field);
    if (!problem || (!leftFields.has(field) && problems.length === 0)) return undefined;
    // A template's person is optional: only what is typed must be right.
    if (isTemplate && problem.code === 'party-without-contact') return undefined;
    return t(`editor.partyErrors.${field === 'Email' ? 'email' : 'phone'}.${problem.code}`);
  };
  const leave = (field: ContactProblem['field']) => setLeftFields((left) => new Set(left).add(field));
  const emailError = errorOf('Email');
  const phoneError = errorOf('Phone');
  // A contact picked from the suggestions brings its name, address and number.
  const pick = (contact: Contact) =>
    update({ Name: contact.Name, Email: contact.Email ?? '', Phone: contact.Phone ?? '' });

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={displayName}
      sx={{ borderLeft: 4, borderLeftColor: color, borderColor: isSelected ? color : 'divider' }}
    >
      <Box
        component="button"
        type="button"
        aria-expanded={isSelected}
        onClick={() => dispatch({ type: 'select-party', signatureIndex: party.SignatureIndex })}
        sx={{
          all: 'unset',
          boxSizing: 'border-box',
          width: '100%',
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 1.5,
          py: 1,
          cursor: 'pointer',
          '&:focus-visible': { outline: 2, outlineColor: color },
        }}
      >
        <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: color, flex: 'none' }} />
        <Typography sx={{ fontWeight: 600, flex: 1, overflow: 'hidden', textOverflow: 'ellipsis' }} noWrap>
          {displayName}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('editor.parties.fieldCount', { fields: fieldCount })}
        </Typography>
      </Box>
      {problems.map((problem) => (
        <Alert key={problem} severity="error" sx={{ mx: 1.5, mb: 1, py: 0 }}>
          {problem}
        </Alert>
      ))}
      {isSelected && (
        <Stack spacing={1.5} sx={{ px: 1.5, pb: 1.5, pt: 0.5 }}>
          {isTemplate && (
            <TextField
              size="small"
              label={t('templates.editor.role')}
              helperText={t('templates.editor.roleHelp')}
              value={party.Role ?? ''}
              onChange={(event) => update({ Role: event.target.value })}
              slotProps={{ htmlInput: { maxLength: 80 } }}
            />
          )}
          <PartyContactField
            field="Name"
            value={party.Name}
            onChange={(Name) => update({ Name })}
            onPick={pick}
            textFieldProps={{ label: t('editor.parties.name'), slotProps: { htmlInput: { maxLength: 200 } } }}
          />
          <PartyContactField
            field="Email"
            value={party.Email ?? ''}
            onChange={(Email) => update({ Email })}
            onPick={pick}
            textFieldProps={{
              type: 'email',
              label: t('editor.parties.email'),
              onBlur: () => leave('Email'),
              error: emailError !== undefined,
              helperText: emailError,
              slotProps: { htmlInput: { maxLength: 254, autoComplete: 'off' } },
            }}
          />
          <TextField
            size="small"
            type="tel"
            label={needsPhone ? t('editor.parties.phoneRequired') : t('editor.parties.phone')}
            value={party.Phone ?? ''}
            onChange={(event) => update({ Phone: event.target.value })}
            onBlur={() => leave('Phone')}
            error={phoneError !== undefined}
            helperText={phoneError}
            slotProps={{ htmlInput: { maxLength: 32, autoComplete: 'off' } }}
          />
          <TextField
            select
            size="small"
            label={t('editor.parties.invitationMethod')}
            value={party.InvitationMethod}
            onChange={(event) => update({ InvitationMethod: event.target.value as DraftParty['InvitationMethod'] })}
          >
            {invitationMethods.map((method) => (
              <MenuItem key={method} value={method}>
                {t(`editor.invitationMethods.${method}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('editor.parties.signatureType')}
            value={party.SignatureType}
            onChange={(event) => update({ SignatureType: event.target.value as DraftParty['SignatureType'] })}
          >
            {signatureTypes
              .filter((type) => availableSignatureTypes.includes(type) || type === party.SignatureType)
              .map((type) => (
                <MenuItem key={type} value={type} disabled={!availableSignatureTypes.includes(type)}>
                  {t(`editor.signatureTypes.${type}`)}
                </MenuItem>
              ))}
          </TextField>
          <TextField
            size="small"
            multiline
            minRows={2}
            label={t('editor.parties.message')}
            value={party.Message ?? ''}
            onChange={(event) => update({ Message: event.target.value })}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          <FormControlLabel
            control={<Switch checked={party.GetPaid} onChange={(event) => update({ GetPaid: event.target.checked })} />}
            label={t('editor.parties.getPaid')}
          />
          {party.GetPaid && <PartyPaymentFields party={party} update={update} />}
          <Button
            color="error"
            size="small"
            sx={{ alignSelf: 'flex-start' }}
            onClick={() => dispatch({ type: 'remove-party', signatureIndex: party.SignatureIndex })}
          >
            {t('editor.parties.remove', { name: displayName })}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
