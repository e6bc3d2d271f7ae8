// /entries/:entryId: an entry with its practice links, enable switch, decks, characters and details.
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { useT } from '../../i18n/I18nContext';
import { LoadingState, MissingState, PageHeader } from '../shared/components';
import { useDecksHolding } from '../../db/read/decks';
import { useEntry } from '../../db/read/entries';
import { EnableSwitch, EntryCharacters, EntryDecks, EntryDetails, EntryHeading, PracticeLinks } from './EntryView';

export function EntryPage() {
  const t = useT();
  const { entryId } = useParams();
  const entry = useEntry(entryId);
  const decks = useDecksHolding(entryId);
  if (entry === undefined) return <LoadingState />;
  if (entry === null) return <MissingState kind="entry" id={entryId} />;
  return (
    <>
      <PageHeader title={entry.text} lang={entry.languageCode} crumbs={[{ to: '/entries', label: t('entries.title') }]}
        actions={<PracticeLinks entry={entry} deck={decks?.[0]} />} />
      <EntryHeading entry={entry} speak />
      <Stack spacing={3}>
        <EnableSwitch entry={entry} />
        <section aria-labelledby="entry-decks">
          <Typography variant="h6" component="h2" id="entry-decks">
            {t('entry.inDecks')}
          </Typography>
          {decks ? <EntryDecks decks={decks} /> : <LoadingState />}
        </section>
        <EntryCharacters entry={entry} />
        <EntryDetails entry={entry} />
      </Stack>
    </>
  );
}
