// An entry's content: text, reading, meanings, notes, examples, its characters with stroke counts,
// a speak button, the enable switch, and links to practise it.
import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTheme } from '@mui/material/styles';
import DrawOutlined from '@mui/icons-material/DrawOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import { Link } from 'react-router';
import type { Deck, Entry } from '../../api/generated/types';
import { writtenRightToLeft } from '../../canvas/grids';
import { saveUserEntry } from '../../db/mutations';
import { useT } from '../../i18n/I18nContext';
import { LoadingState } from '../shared/components';
import { useDisabledEntries } from '../../db/read/userEntries';
import { useEntryCharacters } from './characters';
import { useListen } from '../shared/speech';
import { ListenButton, ListenNotice } from '../shared/Listen';
import { serverUrl } from '../../api/client';
import { visuallyHidden } from '@mui/utils';

export function EntryDetails({ entry }: { entry: Entry }) {
  const t = useT();
  return (
    <Stack spacing={3}>
      <section aria-labelledby="entry-meanings">
        <Typography variant="h6" component="h2" id="entry-meanings">
          {t('entry.meanings')}
        </Typography>
        {entry.meanings.length === 0 ? (
          <Typography color="text.secondary">{t('entry.none')}</Typography>
        ) : (
          <Box component="ol" sx={{ m: 0, paddingInlineStart: 3 }}>
            {entry.meanings.map((m, i) => (
              <li key={i}>
                <Typography>
                  <bdi>{m}</bdi>
                </Typography>
              </li>
            ))}
          </Box>
        )}
      </section>
      {entry.notes && (
        <section aria-labelledby="entry-notes">
          <Typography variant="h6" component="h2" id="entry-notes">
            {t('entry.notes')}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>
            <bdi>{entry.notes}</bdi>
          </Typography>
        </section>
      )}
      <section aria-labelledby="entry-examples">
        <Typography variant="h6" component="h2" id="entry-examples">
          {t('entry.examples')}
        </Typography>
        {entry.examples.length === 0 ? (
          <Typography color="text.secondary">{t('entry.none')}</Typography>
        ) : (
          <List disablePadding>
            {entry.examples.map((ex, i) => (
              <ListItem key={i} disableGutters divider>
                <ListItemText primary={<bdi>{ex.text}</bdi>} secondary={<bdi>{ex.translation}</bdi>} slotProps={{ primary: { lang: entry.languageCode } }} />
              </ListItem>
            ))}
          </List>
        )}
      </section>
      {entry.audioUrl && (
        <section aria-labelledby="entry-audio">
          <Typography variant="h6" component="h2" id="entry-audio">
            {t('entry.audio')}
          </Typography>
          <audio controls src={serverUrl(entry.audioUrl)} preload="none" />
        </section>
      )}
    </Stack>
  );
}

/** The large heading block of an entry (text and reading). */
export function EntryHeading({ entry, speak = false }: { entry: Entry; speak?: boolean }) {
  const t = useT();
  return (
    <Paper variant="outlined" sx={{ p: 3, mb: 3, textAlign: 'center' }}>
      <Typography variant="h2" component="p" lang={entry.languageCode} sx={{ wordBreak: 'break-word' }}>
        <bdi>{entry.text}</bdi>
      </Typography>
      {entry.reading && entry.reading !== entry.text && (
        <Typography variant="h6" component="p" color="text.secondary" lang={entry.languageCode}>
          <Box component="span" sx={visuallyHidden}>
            {t('entry.reading')}:{' '}
          </Box>
          <bdi>{entry.reading}</bdi>
        </Typography>
      )}
      {speak && (
        <Box sx={{ mt: 2 }}>
          <SpeakButton entry={entry} />
        </Box>
      )}
    </Paper>
  );
}

/** Links to reading and writing practice of the entry within `deck`. */
export function PracticeLinks({ entry, deck }: { entry: Entry; deck: Deck | undefined }) {
  const t = useT();
  const base = deck ? `/decks/${deck.id}/entries/${entry.id}` : undefined;
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      <Button variant="contained" startIcon={<MenuBookOutlined />} component={Link} to={base ? `${base}/reading` : '#'} disabled={!base}>
        {t('entry.practiseReading')}
      </Button>
      <Button variant="outlined" startIcon={<DrawOutlined />} component={Link} to={base ? `${base}/writing` : '#'} disabled={!base}>
        {t('entry.practiseWriting')}
      </Button>
    </Stack>
  );
}

/** Chips linking to the decks that hold the entry. */
export function EntryDecks({ decks }: { decks: Deck[] }) {
  const t = useT();
  if (decks.length === 0) return <Typography color="text.secondary">{t('entry.inNoDeck')}</Typography>;
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} aria-label={t('entry.inDecks')}>
      {decks.map((d) => (
        <Chip key={d.id} label={d.title} component={Link} to={`/decks/${d.id}`} clickable />
      ))}
    </Stack>
  );
}

/** The entry's characters, each with its stroke count (none known: a dash). */
export function EntryCharacters({ entry }: { entry: Entry }) {
  const t = useT();
  const chars = useEntryCharacters(entry);
  const theme = useTheme();
  const wordDir = writtenRightToLeft(entry.languageCode) ? 'rtl' : 'ltr';
  return (
    <section aria-labelledby="entry-characters">
      <Typography variant="h6" component="h2" id="entry-characters">
        {t('entryPage.characters')}
      </Typography>
      {chars === undefined ? (
        <LoadingState />
      ) : chars.length === 0 ? (
        <Typography color="text.secondary">{t('entry.none')}</Typography>
      ) : (
        // In the word's own order, as the writing page's progress (a Korean word's first
        // character leftmost in a Hebrew page too), aligned as the page is; each tile's caption
        // in the page's direction.
        <Box
          component="ul"
          dir={wordDir}
          aria-label={t('entryPage.characters')}
          sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: wordDir === theme.direction ? 'flex-start' : 'flex-end', gap: 1, p: 0, m: 0, listStyle: 'none' }}
        >
          {chars.map((c) => (
            <Paper component="li" key={c.value} variant="outlined" data-testid="entry-character" dir={theme.direction}
              sx={{ minWidth: 72, px: 1.5, py: 1, textAlign: 'center' }}>
              <Typography variant="h4" component="span" lang={entry.languageCode} sx={{ display: 'block' }}>
                {c.value}
              </Typography>
              <Typography variant="caption" color="text.secondary" data-testid="stroke-count">
                {c.strokes === null ? t('entryPage.noStrokes') : t('entryPage.strokes', { count: c.strokes })}
              </Typography>
              {c.composed && (
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {t('entryPage.composed')}
                </Typography>
              )}
            </Paper>
          ))}
        </Box>
      )}
      {chars && chars.some((c) => c.strokes !== null) && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('entryPage.totalStrokes', { count: chars.reduce((n, c) => n + (c.strokes ?? 0), 0) })}
        </Typography>
      )}
    </section>
  );
}

/** Plays the entry (its recording, else its language's voice); says so once when neither exists. */
export function SpeakButton({ entry }: { entry: Entry }) {
  const listen = useListen(entry);
  return (
    <Stack spacing={1} sx={{ alignItems: 'center' }}>
      <ListenButton listen={listen} />
      <ListenNotice listen={listen} languageCode={entry.languageCode} sx={{ py: 0 }} />
    </Stack>
  );
}

/** Whether the learner studies this entry (a user entry; absent means enabled). */
export function EnableSwitch({ entry }: { entry: Entry }) {
  const t = useT();
  const ids = useMemo(() => [entry.id], [entry.id]);
  const disabled = useDisabledEntries(ids);
  const enabled = disabled ? !disabled.has(entry.id) : true;
  return (
    <FormControlLabel
      control={
        <Switch checked={enabled} disabled={disabled === undefined}
          onChange={(e) => void saveUserEntry({ entryId: entry.id, enabled: e.target.checked })} />
      }
      label={enabled ? t('entryPage.enabled') : t('entryPage.disabled')}
    />
  );
}
