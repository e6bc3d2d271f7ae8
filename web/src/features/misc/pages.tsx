// Landing (/) and home (/home: what is due today per deck, the streak, a start button).
import { memo, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LocalFireDepartmentOutlined from '@mui/icons-material/LocalFireDepartmentOutlined';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link } from 'react-router';
import type { Deck, UserDeck } from '../../api/generated/types';
import { languageCodeStore, useLanguageCode } from '../../app/languageCode';
import { useLanguages } from '../../app/languages';
import { db, hasSynced } from '../../db/db';
import { useI18n, useT } from '../../i18n/I18nContext';
import { DeckList } from '../decks/DeckList';
import { EmptyState, LoadingState, PageHeader } from '../shared/components';
import {
  dueInDeck,
  readDecksOfLanguage,
  readMyDecks,
  useDecksOfLanguage,
  useDueCountsByEntry,
  useFirstSyncPending,
  useMyDecks,
  useNow,
  usePageTitle,
  useReviewTimes,
} from '../shared/hooks';
import { dayStart, endOfToday, mostDue, streak } from '../stats/stats';

export function LandingPage() {
  const t = useT();
  usePageTitle(undefined);
  return (
    <Box sx={{ py: { xs: 4, md: 8 }, textAlign: 'center' }}>
      <Typography variant="h2" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {t('app.name')}
      </Typography>
      <Typography variant="h5" component="p" color="text.secondary" sx={{ mb: 4, maxWidth: 720, mx: 'auto' }}>
        {t('landing.tagline')}
      </Typography>
      <Grid container spacing={2} sx={{ mb: 4, textAlign: 'start' }}>
        {(['decks', 'writing', 'offline'] as const).map((key) => (
          <Grid key={key} size={{ xs: 12, md: 4 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="h6" component="h2" gutterBottom>
                  {t(`landing.${key}.title`)}
                </Typography>
                <Typography color="text.secondary">{t(`landing.${key}.body`)}</Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
      <Button variant="contained" size="large" component={Link} to="/home">
        {t('landing.start')}
      </Button>
    </Box>
  );
}

/** Decks shown on /home (those with due cards first); the rest are on /decks. */
const HOME_DECK_LIMIT = 20;

/** Reads the decks of `ids` that exist locally, in the given order. */
async function readDecksByIds(ids: string[]): Promise<Deck[]> {
  return (await db.decks.bulkGet(ids)).filter((d): d is Deck => !!d && !d.deleted);
}

/** The decks of `ids` that exist locally, in the given order; `initial` until read. */
function useDecksByIds(ids: string[] | undefined, initial?: Deck[]): Deck[] | undefined {
  return useLiveQuery(async () => (ids ? readDecksByIds(ids) : undefined), [ids], initial);
}

/** What /home lists, read before its first render so that render shows it whole: a warm start
 * shows the decks at once, not a spinner first. */
interface HomeData {
  languageCode: string;
  mine: UserDeck[];
  myDecks: Deck[];
  languageDecks: Deck[];
}
let preloaded: HomeData | undefined;

/** Before the first render of /home (router.tsx preloadPage): the learner's decks and the
 * language's. Not before the first sync: there is nothing to read yet, and the reads would wait
 * for the sync's first writes. */
export async function preload(pathname: string): Promise<void> {
  if (pathname !== '/home' || !hasSynced()) return;
  const languageCode = languageCodeStore.get();
  const mine = await readMyDecks();
  const [myDecks, languageDecks] = await Promise.all([readDecksByIds(mine.map((d) => d.deckId)), readDecksOfLanguage(languageCode)]);
  preloaded = { languageCode, mine, myDecks, languageDecks };
}

/** The preloaded data for `languageCode`, once: a later visit to /home reads afresh. */
function takePreloaded(languageCode: string): HomeData | undefined {
  const data = preloaded?.languageCode === languageCode ? preloaded : undefined;
  preloaded = undefined;
  return data;
}

// /home re-renders on every answer of its live queries (while a first sync fills the tables, many
// of them, most with nothing new for the page): its header and figures are memoised on primitive
// props, so those renders skip them and their styles (about 90 of the page's components).

/** /home's title, language and start button. */
const HomeHeader = memo(function HomeHeader(props: { languageName: string; startId?: string; startTitle?: string }) {
  const t = useT();
  return (
    <PageHeader
      title={t('home.title')}
      subtitle={t('home.subtitle', { language: props.languageName })}
      actions={
        props.startId ? (
          <Button variant="contained" size="large" startIcon={<PlayArrowRounded />} component={Link} to={`/decks/${props.startId}/review`}
            data-testid="home-start">
            {t('home.start', { deck: props.startTitle ?? '' })}
          </Button>
        ) : (
          <Button variant="contained" size="large" startIcon={<PlayArrowRounded />} disabled data-testid="home-start">
            {t('home.nothingDue')}
          </Button>
        )
      }
    />
  );
});

/** One of /home's figures: a heading, the number, a line under it. */
function StatCard(props: { heading: string; value: string; note: string; icon?: ReactNode; testId?: string }) {
  return (
    <Grid size={{ xs: 12, sm: 4 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="overline" component="h2">{props.heading}</Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {props.icon}
          <Typography variant="h4" component="p" data-testid={props.testId}>{props.value}</Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {props.note}
        </Typography>
      </Paper>
    </Grid>
  );
}

/** /home's three figures: cards due today, the streak, the decks and their entries. */
const HomeStats = memo(function HomeStats(props: {
  totalDue: number;
  dueWhere: string;
  streakDays: number;
  streakNote: string;
  deckCount: number;
  entryCount: number;
}) {
  const { t, formatNumber } = useI18n();
  return (
    <Grid container spacing={2} sx={{ mb: 3 }}>
      <StatCard heading={t('home.dueToday')} value={formatNumber(props.totalDue)} note={props.dueWhere} testId="home-due" />
      <StatCard
        heading={t('home.streak')}
        value={t('home.streakDays', { count: props.streakDays })}
        note={props.streakNote}
        icon={<LocalFireDepartmentOutlined color={props.streakDays > 0 ? 'warning' : 'disabled'} aria-hidden />}
        testId="home-streak"
      />
      <StatCard heading={t('home.decks')} value={formatNumber(props.deckCount)} note={t('home.entriesIn', { count: props.entryCount })} />
    </Grid>
  );
});

export function HomePage() {
  const t = useT();
  const { languageCode } = useLanguageCode();
  const languages = useLanguages();
  const language = languages?.find((l) => l.id === languageCode);
  const [initial] = useState(() => takePreloaded(languageCode));
  const now = useNow();
  const today = endOfToday(now);
  const dueByEntry = useDueCountsByEntry(today);
  const mine = useMyDecks(initial?.mine);
  const mineIds = useMemo(() => mine?.map((d) => d.deckId), [mine]);
  const myDecks = useDecksByIds(mineIds, initial?.myDecks);
  // `initial` is of this language (takePreloaded); the hook uses it only until its first answer.
  const languageDecks = useDecksOfLanguage(languageCode, initial?.languageDecks);
  // The learner's decks when they have some (any language), else the current language's.
  const ownDecks = myDecks !== undefined && myDecks.length > 0;
  const decks = ownDecks ? myDecks : languageDecks;
  // Before the first sync has stored anything, no decks means they are still on their way.
  const firstSync = useFirstSyncPending();
  const waiting = decks === undefined || (decks.length === 0 && firstSync);
  const withDue = useMemo(
    () => (decks ?? []).map((deck, index) => ({ deck, index, due: dueInDeck(deck, dueByEntry) })),
    [decks, dueByEntry],
  );
  const homeDecks = useMemo(() => {
    const sorted = [...withDue].sort((a, b) => b.due - a.due || a.index - b.index);
    return sorted.slice(0, HOME_DECK_LIMIT).map((d) => d.deck);
  }, [withDue]);
  // The rows are drawn in a deferred, time-sliced render: the update that brings the decks (a
  // live query's answer) renders at once, and drawing the first rows (their styles) in it made
  // one long task on a slow phone.
  const listedDecks = useDeferredValue(homeDecks);
  // Until that pass has drawn the first rows, the loading state stays (nothing shifts).
  const rowsPending = listedDecks.length === 0 && homeDecks.length > 0;
  const start = mostDue(withDue);
  const totalDue = withDue.reduce((sum, d) => sum + d.due, 0);
  const times = useReviewTimes();
  const run = times ? streak(times, now) : undefined;
  const reviewsToday = times ? times.filter((x) => x >= dayStart(now) && x < today).length : 0;
  const languageName = language?.name ?? languageCode;
  return (
    <>
      <HomeHeader languageName={languageName} startId={start?.id} startTitle={start?.title} />
      <HomeStats
        totalDue={totalDue}
        dueWhere={ownDecks ? t('home.inMyDecks') : t('home.inLanguage', { language: languageName })}
        streakDays={run?.days ?? 0}
        streakNote={run && run.days > 0 && !run.reviewedToday ? t('home.streakKeep') : t('home.reviewsToday', { count: reviewsToday })}
        deckCount={decks?.length ?? 0}
        entryCount={decks?.reduce((sum, d) => sum + d.entryIds.length, 0) ?? 0}
      />
      <Typography variant="h5" component="h2" gutterBottom>
        {ownDecks ? t('home.myDecks') : t('home.yourDecks')}
      </Typography>
      {!ownDecks && (waiting || decks.length > 0) && (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('home.addDecksHint')}
        </Typography>
      )}
      {waiting || rowsPending ? (
        <LoadingState />
      ) : decks.length === 0 ? (
        <EmptyState>{t('decks.empty')}</EmptyState>
      ) : (
        <>
          <DeckList decks={listedDecks} dueByEntry={dueByEntry} />
          {decks.length > homeDecks.length && (
            <Button component={Link} to="/decks" sx={{ mt: 1 }}>
              {t('home.allDecks', { count: decks.length })}
            </Button>
          )}
        </>
      )}
    </>
  );
}
