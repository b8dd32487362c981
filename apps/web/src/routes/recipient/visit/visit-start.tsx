import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { messageKeyOf } from '@signlink/contracts/errors/error-codes';
import type { LinkDetails } from '@signlink/contracts/links/link-details';
import { startPublicLinkVisitRoute } from '@signlink/contracts/public-links/public-links.routes';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../api/api-context.tsx';
import { ApiError } from '../../../api/api-error.ts';
import { useDialogs } from '../../../components/dialogs/dialogs-context.tsx';

interface NamedPerson {
  name: string;
  contact: string;
}

/** An e-mail address has an @; anything else typed is a mobile number (the server checks either). */
export function contactFields(contact: string): { Email?: string; Phone?: string } {
  const value = contact.trim();
  if (!value) return {};
  return value.includes('@') ? { Email: value } : { Phone: value };
}

export interface VisitStartProps {
  linkId: string;
  details: LinkDetails;
  /** The visit's own link code: the page opens it, with its gate, as any link. */
  onStarted: (code: string) => void;
  /** Starting failed as opening a link does (a disabled link is recalled): its full page. */
  onLinkFailed: (error: unknown) => void;
}

/**
 * A public link's first step (issue 24; the spec's public link): the link's name, the role the visitor signs as,
 * and the people the visitor names for the other roles the owner left open. Starting makes the visitor's own
 * document and link; an owner whose balance cannot pay for it is told to the visitor before any work is done.
 */
export function VisitStart({ linkId, details, onStarted, onLinkFailed }: VisitStartProps) {
  const { t } = useTranslation();
  const client = useApiClient();
  const dialogs = useDialogs();
  const roles = details.PublicLink?.Roles ?? [];
  const visitorRole = roles.find((role) => role.SignatureIndex === 0);
  const named = roles.filter((role) => role.SignatureIndex > 0 && !role.Fixed);
  const [people, setPeople] = useState<Record<number, NamedPerson>>({});
  // The visitor's own name goes on their signature and in the owner's inbox; their contact only if they give one.
  const [self, setSelf] = useState<NamedPerson>({ name: '', contact: '' });
  const [hasTried, setHasTried] = useState(false);
  const [isStarting, setIsStarting] = useState(false);
  const personOf = (index: number) => people[index] ?? { name: '', contact: '' };
  const roleName = (index: number, role: string) => role || t('recipient.visitStart.roleNumber', { number: index + 1 });

  const start = async (event: FormEvent) => {
    event.preventDefault();
    setHasTried(true);
    if (
      !self.name.trim() ||
      named.some((role) => !personOf(role.SignatureIndex).name.trim() || !personOf(role.SignatureIndex).contact.trim())
    ) {
      return;
    }
    setIsStarting(true);
    try {
      const { Code } = await client.api(
        startPublicLinkVisitRoute,
        {
          params: { id: linkId },
          body: {
            Parties: [
              { SignatureIndex: 0, Name: self.name.trim(), ...contactFields(self.contact) },
              ...named.map((role) => ({
                SignatureIndex: role.SignatureIndex,
                Name: personOf(role.SignatureIndex).name.trim(),
                ...contactFields(personOf(role.SignatureIndex).contact),
              })),
            ],
          },
        },
        // One visit per press: a blind retry could start two documents.
        { silent: true, auth: 'client', extraTries: 0 },
      );
      onStarted(Code);
    } catch (error) {
      setIsStarting(false);
      if (error instanceof ApiError && (error.code === 'LINK_RECALLED' || error.code === 'INVALID_LINK')) {
        onLinkFailed(error);
        return;
      }
      void dialogs.error({
        messageKey: error instanceof ApiError ? error.messageKey : messageKeyOf('UNEXPECTED_ERROR'),
        requestId: error instanceof ApiError ? error.requestId : null,
      });
    }
  };

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 3, sm: 5 } }}>
      <Paper
        variant="outlined"
        component="form"
        noValidate
        onSubmit={(event: FormEvent) => void start(event)}
        sx={{ p: { xs: 2, sm: 4 }, width: '100%', maxWidth: 560 }}
      >
        <Stack spacing={2.5}>
          <Typography component="h1" variant="h5" sx={{ overflowWrap: 'anywhere' }}>
            {details.LinkName}
          </Typography>
          <Typography>{t('recipient.visitStart.youSignAs', { role: roleName(0, visitorRole?.Role ?? '') })}</Typography>
          <TextField
            label={t('recipient.visitStart.yourName')}
            value={self.name}
            onChange={(event) => setSelf({ ...self, name: event.target.value })}
            required
            autoComplete="name"
            error={hasTried && !self.name.trim()}
            helperText={hasTried && !self.name.trim() ? t('recipient.visitStart.missingYourName') : undefined}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <TextField
            label={t('recipient.visitStart.yourContact')}
            value={self.contact}
            onChange={(event) => setSelf({ ...self, contact: event.target.value })}
            autoComplete="email"
            helperText={t('recipient.visitStart.yourContactHint')}
            slotProps={{ htmlInput: { maxLength: 254 } }}
          />
          {named.length > 0 && <Typography color="text.secondary">{t('recipient.visitStart.nameOthers')}</Typography>}
          {named.map((role) => {
            const person = personOf(role.SignatureIndex);
            const set = (changes: Partial<NamedPerson>) =>
              setPeople((current) => ({ ...current, [role.SignatureIndex]: { ...person, ...changes } }));
            const label = roleName(role.SignatureIndex, role.Role);
            return (
              <Stack key={role.SignatureIndex} component="fieldset" spacing={1.5} sx={{ border: 0, p: 0, m: 0 }}>
                <Typography component="legend" sx={{ fontWeight: 600, mb: 1 }}>
                  {label}
                </Typography>
                <TextField
                  label={t('recipient.visitStart.name')}
                  value={person.name}
                  onChange={(event) => set({ name: event.target.value })}
                  required
                  autoComplete="off"
                  error={hasTried && !person.name.trim()}
                  slotProps={{ htmlInput: { maxLength: 200 } }}
                />
                <TextField
                  label={t('recipient.visitStart.contact')}
                  value={person.contact}
                  onChange={(event) => set({ contact: event.target.value })}
                  required
                  autoComplete="off"
                  error={hasTried && !person.contact.trim()}
                  helperText={t('recipient.visitStart.contactHint')}
                  slotProps={{ htmlInput: { maxLength: 254 } }}
                />
              </Stack>
            );
          })}
          {hasTried &&
            named.some(
              (role) => !personOf(role.SignatureIndex).name.trim() || !personOf(role.SignatureIndex).contact.trim(),
            ) && (
              <Typography role="alert" color="error">
                {t('recipient.visitStart.missing')}
              </Typography>
            )}
          <Button type="submit" variant="contained" size="large" disabled={isStarting}>
            {t('recipient.visitStart.start')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
