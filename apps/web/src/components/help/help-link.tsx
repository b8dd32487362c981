import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../lib/visually-hidden.ts';
import type { HelpArticleSlug } from './help-article-slugs.ts';

/**
 * "Help with …" on a screen the help centre explains: the article opens in a new tab, so what the person was doing
 * here (a form half filled, a BankID order waiting) stays as it was. A plain hash address, so it needs no router.
 */
export function HelpLink({ slug }: { slug: HelpArticleSlug }) {
  const { t } = useTranslation();
  return (
    <Link href={`#/help/${slug}`} target="_blank" rel="noopener" variant="body2" sx={{ alignSelf: 'flex-start' }}>
      {t(`help.links.${slug}`)}
      <Box component="span" sx={visuallyHidden}>
        {` ${t('help.opensInNewTab')}`}
      </Box>
    </Link>
  );
}
