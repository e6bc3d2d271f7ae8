// The whole catalogue's decks in a virtualised list (/decks).
import type { Deck } from '../../api/generated/types';
import { useT } from '../../i18n/I18nContext';
import { VirtualList } from '../shared/lists';
import { DeckRow } from './DeckList';

/** Height of a deck row in the virtualised list. */
export const DECK_ROW_HEIGHT = 72;

/** Every deck given, virtualised (only the rows near the viewport are in the document). */
export function VirtualDeckList({ decks, dueByEntry, mine }: {
  decks: Deck[];
  dueByEntry?: Map<string, number>;
  mine?: Set<string>;
}) {
  const t = useT();
  return (
    <VirtualList
      count={decks.length}
      rowHeight={DECK_ROW_HEIGHT}
      label={t('decks.listLabel')}
      getKey={(i) => decks[i]!.id}
      row={(i) => <DeckRow deck={decks[i]!} to={`/decks/${decks[i]!.id}`} dueByEntry={dueByEntry} mine={mine?.has(decks[i]!.id)} />}
    />
  );
}
