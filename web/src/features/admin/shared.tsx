// Pieces every admin page uses: a language's label and counts, breadcrumbs, the recent changes
// list and a read-only field table.
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useLiveQuery } from 'dexie-react-hooks';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { contentLine } from '../../app/contentLine';
import type { Language } from '../../api/generated/types';
import { db } from '../../db/db';
import { useI18n, useT } from '../../i18n/I18nContext';
import type { Crumb } from '../shared/components';

export interface LanguageCounts {
  decks: number;
  entries: number;
  characters: number;
}

/**
 * Rows per table of a language. Entries and characters (tens of thousands) are counted on the
 * index alone, which is instant but includes tombstones (rare); decks are few and counted exactly.
 */
export async function countsOf(code: string): Promise<LanguageCounts> {
  const [decks, entries, characters] = await Promise.all([
    db.decks.where('languageCode').equals(code).filter((r) => !r.deleted).count(),
    db.entries.where('languageCode').equals(code).count(),
    db.characters.where('languageCode').equals(code).count(),
  ]);
  return { decks, entries, characters };
}

export function useLanguage(code: string | undefined) {
  return useLiveQuery(async () => {
    if (!code) return null;
    const row = await db.languages.get(code);
    return row && !row.deleted ? row : null;
  }, [code]);
}

export function languageLabel(language: Language | null | undefined, code: string): string {
  if (!language) return code;
  return language.nativeName && language.nativeName !== language.name ? `${language.name} · ${language.nativeName}` : language.name;
}

export type AdminSection = 'decks' | 'entries' | 'characters';

/** Languages › code › section. */
export function adminCrumbs(t: ReturnType<typeof useT>, code: string, section?: AdminSection): Crumb[] {
  const crumbs: Crumb[] = [
    { to: '/admin', label: t('admin.languages') },
    { to: `/admin/${code}`, label: code },
  ];
  if (section) {
    const label = section === 'decks' ? t('nav.decks') : section === 'entries' ? t('nav.entries') : t('admin.characters');
    crumbs.push({ to: `/admin/${code}/${section}`, label });
  }
  return crumbs;
}

/** Rows listed under "Recent changes". */
export const RECENT_LIMIT = 12;

/** One recently written row of a public table. */
export interface Change {
  kind: 'deck' | 'entry' | 'character';
  id: string;
  languageCode: string;
  label: string;
  updatedAt: number;
  deleted: boolean;
}

/** The `limit` most recently stamped decks, entries and characters of the languages `shown`
 * accepts, newest first: three reads backwards along the updatedAt index, merged. */
export async function recentChanges(shown: (languageCode: string) => boolean, limit: number): Promise<Change[]> {
  const [decks, entries, characters] = await Promise.all([
    db.decks.orderBy('updatedAt').reverse().filter((r) => shown(r.languageCode)).limit(limit).toArray(),
    db.entries.orderBy('updatedAt').reverse().filter((r) => shown(r.languageCode)).limit(limit).toArray(),
    db.characters.orderBy('updatedAt').reverse().filter((r) => shown(r.languageCode)).limit(limit).toArray(),
  ]);
  const all: Change[] = [
    ...decks.map((r) => ({ kind: 'deck' as const, id: r.id, languageCode: r.languageCode, label: r.title, updatedAt: r.updatedAt, deleted: r.deleted })),
    ...entries.map((r) => ({ kind: 'entry' as const, id: r.id, languageCode: r.languageCode, label: r.text, updatedAt: r.updatedAt, deleted: r.deleted })),
    ...characters.map((r) => ({ kind: 'character' as const, id: r.id, languageCode: r.languageCode, label: r.value, updatedAt: r.updatedAt, deleted: r.deleted })),
  ];
  return all.sort((a, b) => b.updatedAt - a.updatedAt).slice(0, limit);
}

const SECTION: Record<Change['kind'], AdminSection> = { deck: 'decks', entry: 'entries', character: 'characters' };

/** The recent changes as links to their admin pages (deleted rows are listed, not linked). */
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

export function RecentChanges({ changes, showLanguage }: { changes: Change[] | undefined; showLanguage: boolean }) {
  const t = useT();
  const { formatDateTime } = useI18n();
  if (!changes) return null;
  if (changes.length === 0) return <Typography color="text.secondary">{t('admin.recent.none')}</Typography>;
  return (
    <List dense aria-label={t('admin.recent.title')}>
      {changes.map((c) => {
        const secondary = isolatedParts([
          t(`admin.recent.kind.${c.kind}`),
          showLanguage ? c.languageCode : null,
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

/** Read-only field table of a row. */
export function FieldTable({ fields }: { fields: [string, unknown][] }) {
  const t = useT();
  const { formatDateTime } = useI18n();
  const show = (name: string, value: unknown): string => {
    if (name === 'updatedAt' && typeof value === 'number') return `${formatDateTime(value)} (${value})`;
    if (typeof value === 'boolean') return value ? t('admin.yes') : t('admin.no');
    if (typeof value === 'string' || typeof value === 'number') return String(value);
    if (value === undefined || value === null) return '—';
    return JSON.stringify(value, null, 2);
  };
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={t('admin.fields')} size="small">
        <TableBody>
          {fields.map(([name, value]) => (
            <TableRow key={name}>
              <TableCell component="th" scope="row" sx={{ width: 180, verticalAlign: 'top', fontFamily: 'monospace' }}>
                {name}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: typeof value === 'object' ? 'monospace' : undefined }}>
                {show(name, value)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
