// Review and test of a deck, reading and writing practice of an entry. The study logic comes in a
// later issue; each page shows what it is about and a clearly labelled practice panel.
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link, useParams } from 'react-router';
import type { Deck, Entry } from '../../api/generated/types';
import { useT } from '../../i18n/I18nContext';
import { EntryHeading } from '../entries/EntryView';
import { LoadingState, MissingState, PageHeader } from '../shared/components';
import { dueInDeck, useDeck, useDeckEntries, useDueCountsByEntry, useEntry, useNow } from '../shared/hooks';

function PracticePanel({ title, body, children }: { title: string; body: string; children?: ReactNode }) {
  const t = useT();
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
      <Alert severity="info" sx={{ mt: 2 }}>
        <AlertTitle>{t('practice.upcoming')}</AlertTitle>
        {body}
      </Alert>
    </Paper>
  );
}

function DeckModePage({ mode }: { mode: 'review' | 'test' }) {
  const t = useT();
  const { deckId } = useParams();
  const deck = useDeck(deckId);
  const entries = useDeckEntries(deck);
  const dueByEntry = useDueCountsByEntry(useNow());
  if (deck === undefined) return <LoadingState />;
  if (deck === null) return <MissingState kind="deck" />;
  const title = mode === 'review' ? t('practice.review.title', { deck: deck.title }) : t('practice.test.title', { deck: deck.title });
  return (
    <>
      <PageHeader
        title={title}
        crumbs={[
          { to: '/decks', label: t('decks.title') },
          { to: `/decks/${deck.id}`, label: deck.title },
        ]}
        subtitle={
          <Stack direction="row" spacing={1}>
            <Chip size="small" label={t('decks.entryCount', { count: deck.entryIds.length })} />
            <Chip size="small" color="primary" label={t('decks.dueCount', { count: dueInDeck(deck, dueByEntry) })} />
          </Stack>
        }
      />
      <PracticePanel
        title={mode === 'review' ? t('practice.review.panel') : t('practice.test.panel')}
        body={mode === 'review' ? t('practice.review.body') : t('practice.test.body')}
      >
        <DeckPreview deck={deck} entries={entries} />
      </PracticePanel>
    </>
  );
}

function DeckPreview({ deck, entries }: { deck: Deck; entries: Entry[] | undefined }) {
  const t = useT();
  if (!entries) return <LoadingState />;
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {t('practice.deckPreview', { count: entries.length })}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {entries.slice(0, 30).map((e) => (
          <Chip key={e.id} label={e.text} lang={e.languageCode} component={Link} to={`/decks/${deck.id}/entries/${e.id}`} clickable variant="outlined" />
        ))}
      </Stack>
    </Box>
  );
}

export function DeckReviewPage() {
  return <DeckModePage mode="review" />;
}

export function DeckTestPage() {
  return <DeckModePage mode="test" />;
}

function EntryModePage({ mode }: { mode: 'reading' | 'writing' }) {
  const t = useT();
  const { deckId, entryId } = useParams();
  const deck = useDeck(deckId);
  const entry = useEntry(entryId);
  if (deck === undefined || entry === undefined) return <LoadingState />;
  if (deck === null) return <MissingState kind="deck" />;
  if (entry === null) return <MissingState kind="entry" />;
  const title = mode === 'reading' ? t('practice.reading.title', { entry: entry.text }) : t('practice.writing.title', { entry: entry.text });
  const entryPath = `/decks/${deck.id}/entries/${entry.id}`;
  return (
    <>
      <PageHeader
        title={title}
        crumbs={[
          { to: '/decks', label: t('decks.title') },
          { to: `/decks/${deck.id}`, label: deck.title },
          { to: entryPath, label: entry.text },
        ]}
        actions={
          <Button component={Link} to={`${entryPath}/${mode === 'reading' ? 'writing' : 'reading'}`} variant="outlined">
            {mode === 'reading' ? t('entry.practiseWriting') : t('entry.practiseReading')}
          </Button>
        }
      />
      <EntryHeading entry={entry} />
      <PracticePanel
        title={mode === 'reading' ? t('practice.reading.panel') : t('practice.writing.panel')}
        body={mode === 'reading' ? t('practice.reading.body') : t('practice.writing.body')}
      >
        {mode === 'writing' && (
          <Box
            role="img"
            aria-label={t('practice.writing.canvas')}
            sx={{
              aspectRatio: '1',
              maxWidth: 320,
              mx: 'auto',
              bgcolor: 'canvas.background',
              border: 2,
              borderColor: 'canvas.border',
              borderRadius: 1,
              display: 'grid',
              placeItems: 'center',
            }}
          >
            <Typography lang={entry.languageCode} sx={{ fontSize: 96, color: 'canvas.character', opacity: 0.15 }} aria-hidden>
              {[...entry.text][0] ?? ''}
            </Typography>
          </Box>
        )}
        {mode === 'reading' && entry.meanings.length > 0 && (
          <Typography color="text.secondary">{entry.meanings.join('; ')}</Typography>
        )}
      </PracticePanel>
    </>
  );
}

export function ReadingPage() {
  return <EntryModePage mode="reading" />;
}

export function WritingPage() {
  return <EntryModePage mode="writing" />;
}
