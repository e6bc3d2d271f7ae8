// /decks/:deckId/entries/:entryId: an entry within its deck, with links to the deck's previous and
// next entries.
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link, useParams } from 'react-router';
import { useT } from '../../i18n/I18nContext';
import { LoadingState, MissingState, PageHeader } from '../shared/components';
import { useDeck } from '../../db/read/decks';
import { useEntry } from '../../db/read/entries';
import { EnableSwitch, EntryCharacters, EntryDetails, EntryHeading, PracticeLinks } from './EntryView';

export function DeckEntryPage() {
  const t = useT();
  const { deckId, entryId } = useParams();
  const deck = useDeck(deckId);
  const entry = useEntry(entryId);
  if (deck === undefined || entry === undefined) return <LoadingState />;
  if (deck === null) return <MissingState kind="deck" id={deckId} />;
  if (entry === null) return <MissingState kind="entry" id={entryId} />;
  const index = deck.entryIds.indexOf(entry.id);
  const prev = index > 0 ? deck.entryIds[index - 1] : undefined;
  const next = index >= 0 && index < deck.entryIds.length - 1 ? deck.entryIds[index + 1] : undefined;
  return (
    <>
      <PageHeader
        title={entry.text}
        lang={entry.languageCode}
        crumbs={[
          { to: '/decks', label: t('decks.title') },
          { to: `/decks/${deck.id}`, label: deck.title },
        ]}
        subtitle={index >= 0 ? t('entry.position', { index: index + 1, count: deck.entryIds.length }) : undefined}
        actions={<PracticeLinks entry={entry} deck={deck} />}
      />
      <EntryHeading entry={entry} speak />
      <Stack spacing={3}>
        <EnableSwitch entry={entry} />
        <EntryCharacters entry={entry} />
        <EntryDetails entry={entry} />
      </Stack>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 3 }} component="nav" aria-label={t('entry.deckNav')}>
        {prev ? (
          <Typography component={Link} to={`/decks/${deck.id}/entries/${prev}`} rel="prev">
            {t('entry.previous')}
          </Typography>
        ) : (
          <span />
        )}
        {next && (
          <Typography component={Link} to={`/decks/${deck.id}/entries/${next}`} rel="next">
            {t('entry.next')}
          </Typography>
        )}
      </Stack>
    </>
  );
}
