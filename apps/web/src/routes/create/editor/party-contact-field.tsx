import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Contact } from '@signlink/contracts/contacts/contacts';
import { useEffect, useState } from 'react';
import { useApiClient } from '../../../api/api-context.tsx';
import { createContactsApi } from '../../../api/contacts-api.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

const searchDelayMs = 250;
const minimumSearch = 2;

/** The contacts matching what was typed, once typing pauses; nothing is asked before the person types. */
function useContactSuggestions(typed: string | null) {
  const client = useApiClient();
  const search = useDebouncedValue(typed?.trim() ?? '', searchDelayMs);
  const [found, setFound] = useState<{ search: string; contacts: Contact[] }>({ search: '', contacts: [] });
  useEffect(() => {
    if (search.length < minimumSearch) return;
    const controller = new AbortController();
    createContactsApi(client)
      .suggest(search, controller.signal)
      .then((answer) => setFound({ search, contacts: answer.Contacts }))
      // Suggestions are a help: a failed or aborted search leaves the field as it is.
      .catch(() => undefined);
    return () => controller.abort();
  }, [client, search]);
  return search.length >= minimumSearch && found.search === search ? found.contacts : [];
}

type ShownField = 'Name' | 'Email';

/**
 * A party's name or e-mail field that suggests the account's contacts (SPEC section 2, Contacts) as it is typed;
 * picking one fills the party's name, address and number. Anything may still be typed (free solo).
 */
export function PartyContactField({
  field,
  value,
  onChange,
  onPick,
  textFieldProps,
}: {
  field: ShownField;
  value: string;
  onChange: (value: string) => void;
  onPick: (contact: Contact) => void;
  textFieldProps: TextFieldProps;
}) {
  // What the person typed last (null until they type): only typing asks for suggestions.
  const [typed, setTyped] = useState<string | null>(null);
  const options = useContactSuggestions(typed);
  return (
    <Autocomplete<Contact, false, false, true>
      freeSolo
      size="small"
      options={options}
      // The server searched; every answer it gave is a match.
      filterOptions={(shown) => shown}
      getOptionLabel={(option) => (typeof option === 'string' ? option : (option[field] ?? ''))}
      getOptionKey={(option) => (typeof option === 'string' ? option : option.Id)}
      value={null}
      inputValue={value}
      onInputChange={(_event, next, reason) => {
        if (reason !== 'input' && reason !== 'clear') return;
        setTyped(next);
        onChange(next);
      }}
      onChange={(_event, picked) => {
        if (picked && typeof picked !== 'string') {
          setTyped(null);
          onPick(picked);
        }
      }}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props}>
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ overflowWrap: 'anywhere' }}>{option.Name}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {[option.Email, option.Phone].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          {...textFieldProps}
          slotProps={{
            ...params.slotProps,
            htmlInput: {
              ...params.slotProps.htmlInput,
              ...(textFieldProps.slotProps?.htmlInput as object | undefined),
            },
          }}
        />
      )}
    />
  );
}
