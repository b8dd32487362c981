import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** What a link is and brought, as label and value pairs of a description list that wraps on a phone. */
export function LinkFacts({ facts }: { facts: readonly (readonly [string, string])[] }) {
  return (
    <Stack component="dl" direction="row" sx={{ flexWrap: 'wrap', columnGap: 4, rowGap: 1, m: 0 }}>
      {facts.map(([label, value]) => (
        <div key={label}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
            {value}
          </Typography>
        </div>
      ))}
    </Stack>
  );
}
