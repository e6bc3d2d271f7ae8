// Reading practice of an entry (…/entries/{entryId}/reading): the text large, reveal its reading
// and meaning, hear it in the language's voice (Web Speech API; a clear message when the device
// has none), and grade yourself: a review of the entry's reading card, replayed locally and
// recorded before the confirmation shows; Undo takes it back.
import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { Link, useParams } from 'react-router';
import type { Entry } from '../../api/generated/types';
import { useSyncState } from '../../app/syncBridge';
import { useI18n } from '../../i18n/I18nContext';
import { formatInterval } from '../../study/format';
import { RATINGS, type Rating } from '../../study/scheduler';
import { answerCard, previewCard } from '../../study/session';
import { loadDeckStudy, recordAnswer, takeBackReview, type DeckStudy } from '../../study/store';
import { cardId } from '../../db/cardId';
import { LoadingState, MissingState, PageHeader } from '../shared/components';
import { useListen } from '../shared/speech';
import { ListenButton, ListenNotice } from '../shared/Listen';
import { GuestNotice, RatingButtons, usePracticeKeys } from './components';
import { useKeyHints } from './keyHints';
import { now as serverNow } from '../../api/serverClock';

type Loaded = { key: string } & ({ status: 'missing'; kind: 'deck' | 'entry' } | { status: 'ready'; study: DeckStudy; entry: Entry });

export function ReadingPage() {
  const { deckId = '', entryId = '' } = useParams();
  const key = `${deckId}/${entryId}`;
  // What was loaded, and for which route: another entry's data counts as loading.
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  // A sync that lands while the deck or entry is missing (first visit: still on its way) loads
  // them again.
  const syncedAt = useSyncState().lastSyncedAt;
  const reloadOn = loaded?.status === 'missing' ? syncedAt : undefined;
  useEffect(() => {
    let live = true;
    void loadDeckStudy(deckId, serverNow()).then((study) => {
      if (!live) return;
      const entry = study?.entryById.get(entryId);
      if (!study) setLoaded({ key, status: 'missing', kind: 'deck' });
      else if (!entry) setLoaded({ key, status: 'missing', kind: 'entry' });
      else setLoaded({ key, status: 'ready', study, entry });
    });
    return () => {
      live = false;
    };
  }, [deckId, entryId, key, reloadOn]);
  if (!loaded || loaded.key !== key) return <LoadingState />;
  if (loaded.status === 'missing') return <MissingState kind={loaded.kind} id={loaded.kind === 'deck' ? deckId : entryId} />;
  return <ReadingPractice key={loaded.entry.id} study={loaded.study} entry={loaded.entry} />;
}

function ReadingPractice({ study, entry }: { study: DeckStudy; entry: Entry }) {
  const { t, locale } = useI18n();
  const [revealed, setRevealed] = useState(false);
  const [saved, setSaved] = useState<{ rating: Rating; due: number; at: number; reviewId: string } | null>(null);
  const [shownAt] = useState(() => serverNow());
  // Previews are for the moment of the reveal (render stays pure).
  const [now, setNow] = useState(shownAt);
  const listen = useListen(entry);
  const keyHints = useKeyHints();
  const deck = study.deck;
  const item = { cardId: cardId(entry.id, 'reading'), entryId: entry.id, kind: 'reading' as const, card: study.cards.get(cardId(entry.id, 'reading')) ?? null };
  const known = study.reviews.get(item.cardId) ?? [];
  const entryPath = `/decks/${deck.id}/entries/${entry.id}`;
  const position = study.entries.findIndex((e) => e.id === entry.id);
  const nextEntry = study.entries[position + 1];

  /** An answer or its undo being recorded: further input waits for it. */
  const busy = useRef(false);
  const [failed, setFailed] = useState<'save' | 'undo' | null>(null);

  /** Records the grade; the confirmation shows once it is stored. */
  const rate = async (rating: Rating) => {
    if (!revealed || saved || busy.current) return;
    busy.current = true;
    try {
      const at = serverNow();
      const answer = answerCard(item, known, rating, at, at - shownAt, study);
      await recordAnswer(answer);
      setFailed(null);
      setSaved({ rating, due: answer.card.due, at, reviewId: answer.review.id });
    } catch (e) {
      console.error('saving a review failed', e);
      setFailed('save');
    } finally {
      busy.current = false;
    }
  };

  /** Takes the grade back (a tombstone through the outbox), to grade again. */
  const undo = async () => {
    if (!saved || busy.current) return;
    busy.current = true;
    try {
      await takeBackReview(saved.reviewId);
      setFailed(null);
      setSaved(null);
    } catch (e) {
      console.error('taking back a review failed', e);
      setFailed('undo');
    } finally {
      busy.current = false;
    }
  };

  const reveal = () => {
    setRevealed(true);
    setNow(serverNow());
  };

  usePracticeKeys((e) => {
    if (e.ctrlKey || e.metaKey) return false;
    if ((e.key === ' ' || e.key === 'Enter') && !revealed) {
      reveal();
      return true;
    }
    if (e.key === 'l' || e.key === 'L') {
      listen.listen();
      return true;
    }
    const n = Number(e.key);
    if (revealed && !saved && RATINGS.includes(n as Rating)) {
      void rate(n as Rating);
      return true;
    }
    if (saved && (e.key === 'u' || e.key === 'U')) {
      void undo();
      return true;
    }
    return false;
  });

  const hasReading = entry.reading !== '' && entry.reading !== entry.text;
  return (
    <>
      <PageHeader
        title={t('reading.title', { entry: entry.text })}
        crumbs={[
          { to: '/decks', label: t('decks.title') },
          { to: `/decks/${deck.id}`, label: deck.title },
          { to: entryPath, label: entry.text },
        ]}
        actions={
          <Button component={Link} to={`${entryPath}/writing`} variant="outlined">
            {t('reading.practiseWriting')}
          </Button>
        }
      />
      <GuestNotice />
      <Paper variant="outlined" component="section" aria-label={t('reading.prompt')} sx={{ p: { xs: 2, md: 4 }, textAlign: 'center' }}>
        <Typography variant="subtitle1" color="text.secondary" component="p">
          {t('reading.prompt')}
        </Typography>
        <Typography lang={entry.languageCode} component="p" sx={{ fontSize: { xs: '3.5rem', md: '6rem' }, lineHeight: 1.2, my: 2, wordBreak: 'break-word' }}>
          <bdi>{entry.text}</bdi>
        </Typography>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <ListenButton listen={listen} aria-keyshortcuts="L" />
          {!revealed && (
            <Button variant="contained" onClick={reveal} aria-keyshortcuts="Space Enter">
              {t('reading.reveal')}
            </Button>
          )}
        </Stack>
        <ListenNotice listen={listen} languageCode={entry.languageCode} sx={{ mt: 2 }} />
        <Box aria-live="polite">
          {revealed && (
            <Box sx={{ mt: 3, pt: 3, borderBlockStart: 1, borderColor: 'divider' }}>
              {hasReading && (
                <Typography variant="h4" component="p" lang={entry.languageCode}>
                  <Box component="span" sx={visuallyHidden}>
                    {t('study.reading')}:{' '}
                  </Box>
                  <bdi>{entry.reading}</bdi>
                </Typography>
              )}
              <Typography variant="h6" component="p" color="text.secondary">
                <bdi>{entry.meanings.join('; ')}</bdi>
              </Typography>
            </Box>
          )}
        </Box>
      </Paper>
      {revealed && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle1" component="h2" gutterBottom>
            {t('reading.grade')}
          </Typography>
          {saved ? (
            <Alert
              severity="success"
              aria-live="polite"
              action={
                <Stack direction="row" spacing={1}>
                  <Button color="inherit" size="small" onClick={() => void undo()} aria-keyshortcuts="U">
                    {t('review.undo')}
                  </Button>
                  {nextEntry && (
                    <Button color="inherit" size="small" component={Link} to={`/decks/${deck.id}/entries/${nextEntry.id}/reading`}>
                      {t('reading.next')}
                    </Button>
                  )}
                </Stack>
              }
            >
              {t('reading.saved', { interval: formatInterval(saved.due - saved.at, locale) })}
            </Alert>
          ) : (
            <RatingButtons preview={previewCard(item, known, now, study)} now={now} onRate={(r) => void rate(r)} />
          )}
          {failed && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {t(failed === 'save' ? 'review.saveFailed' : 'review.undoFailed')}
            </Alert>
          )}
        </Box>
      )}
      {keyHints && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }} data-testid="key-hints">
          {t(listen.source === 'none' ? 'reading.keysNoListen' : 'reading.keys')}
        </Typography>
      )}
    </>
  );
}
