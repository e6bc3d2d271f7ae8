// Adding entries to a deck in its editor: a search of the language's entries not in the deck
// (text, reading or meanings).
import { useMemo, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Deck, Entry } from '../../api/generated/types';
import { useT } from '../../i18n/I18nContext';
import { haystack, normalizeSearch } from '../shared/filter';
import { useEntriesMatching } from '../../db/read/entries';
import { LIMITS } from './entryForm';

/** Matches shown when adding entries by search. */
const PICK_LIMIT = 20;

/** Finds entries of the language not in the deck (text, reading or meanings) and adds them. */
export function EntryPicker({ deck, languageCode, onAdd }: { deck: Deck; languageCode: string; onAdd: (entry: Entry) => Promise<void> }) {
  const t = useT();
  const [query, setQuery] = useState('');
  const q = normalizeSearch(query);
  const inDeck = useMemo(() => new Set(deck.entryIds), [deck.entryIds]);
  const match = useMemo(() => {
    if (!q) return null;
    const words = q.split(/\s+/);
    return (e: Entry) => {
      if (inDeck.has(e.id)) return false;
      const hay = haystack([e.text, e.reading, e.meanings]);
      return words.every((w) => hay.includes(w));
    };
  }, [q, inDeck]);
  // Stops after PICK_LIMIT matches: a common query reads a few rows, a rare one scans the language.
  const matches = useEntriesMatching(languageCode, match, PICK_LIMIT);
  const full = deck.entryIds.length >= LIMITS.deckEntries;
  return (
    <section aria-labelledby="deck-add-heading">
      <Typography variant="h6" component="h2" id="deck-add-heading" gutterBottom>
        {t('admin.deck.addEntries')}
      </Typography>
      {full && <Alert severity="warning">{t('admin.deck.full', { max: LIMITS.deckEntries })}</Alert>}
      <TextField type="search" fullWidth label={t('admin.deck.findEntries')} value={query} onChange={(e) => setQuery(e.target.value)} disabled={full} />
      {q && matches && (
        <List dense aria-label={t('admin.deck.matches')}>
          {matches.length === 0 && <Typography color="text.secondary" sx={{ py: 1 }}>{t('entries.noMatches')}</Typography>}
          {matches.map((e) => (
            <ListItem
              key={e.id}
              divider
              secondaryAction={
                <Button size="small" startIcon={<AddIcon />} onClick={() => void onAdd(e)} aria-label={t('admin.deck.addEntry', { text: e.text })}>
                  {t('admin.add')}
                </Button>
              }
            >
              <ListItemText primary={<bdi>{e.text}</bdi>} secondary={<bdi>{[e.reading, e.meanings.join('; ')].filter(Boolean).join(' · ')}</bdi>} slotProps={{ primary: { lang: e.languageCode } }} />
            </ListItem>
          ))}
        </List>
      )}
    </section>
  );
}
