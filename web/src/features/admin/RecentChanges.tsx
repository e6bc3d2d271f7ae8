// The recent changes of the admin overview and dashboard: each row written lately, linked to its
// admin page (deleted rows are listed, not linked).
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { contentLine } from '../../app/contentLine';
import type { Change } from '../../db/read/changes';
import { useI18n, useT } from '../../i18n/I18nContext';
import { useLanguageNamer } from '../../app/languages';
import type { AdminSection } from './adminCrumbs';

/** Rows listed under "Recent changes". */
export const RECENT_LIMIT = 12;

const SECTION: Record<Change['kind'], AdminSection> = { deck: 'decks', entry: 'entries', character: 'characters' };

/** Parts of one line joined with ' · ', each in its own direction (<bdi>): a language code and a
 * date side by side in a right-to-left page would otherwise run together ("2026/11/ru · 26"). */
export function isolatedParts(parts: readonly (string | null | undefined)[]): ReactNode {
  return parts
    .filter((p): p is string => !!p)
    .map((p, i) => (
      <Fragment key={i}>
        {i > 0 && ' · '}
        <bdi>{p}</bdi>
      </Fragment>
    ));
}

/** The recent changes as links to their admin pages (deleted rows are listed, not linked). */
export function RecentChanges({ changes, showLanguage }: { changes: Change[] | undefined; showLanguage: boolean }) {
  const t = useT();
  const { formatDateTime } = useI18n();
  const nameOf = useLanguageNamer();
  if (!changes) return null;
  if (changes.length === 0) return <Typography color="text.secondary">{t('admin.recent.none')}</Typography>;
  return (
    <List dense aria-label={t('admin.recent.title')}>
      {changes.map((c) => {
        const secondary = isolatedParts([
          t(`admin.recent.kind.${c.kind}`),
          showLanguage ? nameOf(c.languageCode) : null,
          c.updatedAt > 0 ? formatDateTime(c.updatedAt) : t('admin.recent.unsent'),
          c.deleted ? t('admin.recent.deleted') : null,
        ]);
        const text = <ListItemText primary={c.label} secondary={secondary} slotProps={{ primary: contentLine(c.languageCode) }} />;
        return (
          <ListItem key={`${c.kind}/${c.id}`} disablePadding divider>
            {c.deleted ? (
              <ListItemText sx={{ px: 2, py: 0.5 }} primary={c.label} secondary={secondary} slotProps={{ primary: contentLine(c.languageCode) }} />
            ) : (
              <ListItemButton component={Link} to={`/admin/${c.languageCode}/${SECTION[c.kind]}/${c.id}`}>
                {text}
              </ListItemButton>
            )}
          </ListItem>
        );
      })}
    </List>
  );
}
