// Lists of decks with their entry and due counts: a plain list for a few (home, admin: 50 at a
// time with "show more"); VirtualDeckList.tsx has the virtualised one for the whole catalogue
// (/decks), kept apart so /home does not load the virtualiser.
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { memo, useState } from 'react';
import { Link } from 'react-router';
import { contentLine } from '../../app/contentLine';
import type { Deck } from '../../api/generated/types';
import { useT } from '../../i18n/I18nContext';
import { dueInDeck } from '../../db/read/cards';

/** Decks rendered at first, and added by each "show more". */
export const DECKS_PER_PAGE = 50;
/** One deck: title, description, and count chips. */
export function DeckRow({ deck, to, dueByEntry, mine }: {
  deck: Deck;
  to: string;
  dueByEntry?: Map<string, number>;
  mine?: boolean;
}) {
  const t = useT();
  const due = dueInDeck(deck, dueByEntry);
  return (
    <ListItemButton component={Link} to={to} divider sx={{ height: '100%' }}>
      <ListItemText
        primary={deck.title}
        secondary={deck.description || undefined}
        slotProps={{ primary: contentLine(deck.languageCode), secondary: contentLine() }}
        sx={{ minWidth: 0 }}
      />
      <Stack direction="row" spacing={1} sx={{ flexShrink: 0, marginInlineStart: 2 }}>
        {mine && <Chip size="small" color="secondary" variant="outlined" label={t('lists.mine')} />}
        <Chip size="small" label={t('decks.entryCount', { count: deck.entryIds.length })} />
        {dueByEntry && (
          <Chip size="small" color={due > 0 ? 'primary' : 'default'} variant={due > 0 ? 'filled' : 'outlined'}
            label={t('decks.dueCount', { count: due })} />
        )}
      </Stack>
    </ListItemButton>
  );
}

/** The list; memoised, so a page passing a deferred `decks` re-renders it only in the deferred pass. */
export const DeckList = memo(function DeckList({ decks, dueByEntry, linkBase = '/decks' }: {
  decks: Deck[];
  dueByEntry?: Map<string, number>;
  linkBase?: string;
}) {
  const t = useT();
  const [shown, setShown] = useState(DECKS_PER_PAGE);
  const rest = decks.length - shown;
  return (
    <>
      <List aria-label={t('decks.listLabel')}>
        {decks.slice(0, shown).map((deck) => (
          <ListItem key={deck.id} disablePadding>
            <DeckRow deck={deck} to={`${linkBase}/${deck.id}`} dueByEntry={dueByEntry} />
          </ListItem>
        ))}
      </List>
      {rest > 0 && (
        <Button onClick={() => setShown((n) => n + DECKS_PER_PAGE)} sx={{ mt: 1 }}>
          {t('decks.showMore', { count: Math.min(rest, DECKS_PER_PAGE) })}
        </Button>
      )}
    </>
  );
});
