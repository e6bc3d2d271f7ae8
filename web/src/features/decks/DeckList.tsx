// A list of decks with their entry and due counts, rendered a page at a time so a large catalogue
// paints its first decks at once.
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Deck } from '../../api/generated/types';
import { useT } from '../../i18n/I18nContext';
import { dueInDeck } from '../shared/hooks';

/** Decks rendered at first, and added by each "show more". */
export const DECKS_PER_PAGE = 50;

export function DeckList({ decks, dueByEntry, linkBase = '/decks' }: {
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
        {decks.slice(0, shown).map((deck) => {
          const due = dueInDeck(deck, dueByEntry);
          return (
            <ListItem key={deck.id} disablePadding divider>
              <ListItemButton component={Link} to={`${linkBase}/${deck.id}`}>
                <ListItemText
                  primary={deck.title}
                  secondary={deck.description || undefined}
                  slotProps={{ primary: { lang: deck.languageCode }, secondary: { sx: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } } }}
                />
                <Stack direction="row" spacing={1} sx={{ flexShrink: 0, marginInlineStart: 2 }}>
                  <Chip size="small" label={t('decks.entryCount', { count: deck.entryIds.length })} />
                  {dueByEntry && (
                    <Chip size="small" color={due > 0 ? 'primary' : 'default'} variant={due > 0 ? 'filled' : 'outlined'}
                      label={t('decks.dueCount', { count: due })} />
                  )}
                </Stack>
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      {rest > 0 && (
        <Button onClick={() => setShown((n) => n + DECKS_PER_PAGE)} sx={{ mt: 1 }}>
          {t('decks.showMore', { count: Math.min(rest, DECKS_PER_PAGE) })}
        </Button>
      )}
    </>
  );
}
