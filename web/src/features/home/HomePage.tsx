// /home: what to study now in the studied language, as Anki's overview shows it (due now, new
// today, back later today) with one Start that opens exactly that; the starter decks of the
// language to follow in one click; the learner's decks of the language with their figures; the
// streak and the answers given today in the language. Every figure comes from study/figures.ts
// over the same rows the review session is built from (study/deckStudy.ts), so Start opens what
// Home promised and the deck page shows the same numbers.
import { memo, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddCircleOutline from '@mui/icons-material/AddCircleOutlineOutlined';
import LocalFireDepartmentOutlined from '@mui/icons-material/LocalFireDepartmentOutlined';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import { Link, useLocation } from 'react-router';
import type { Deck, UserDeck } from '../../api/generated/types';
import { contentLine } from '../../app/contentLine';
import { languageCodeStore, useLanguageCode } from '../../app/languageCode';
import { languageName, useLanguageName } from '../../app/languages';
import { saveUserDeck } from '../../db/mutations';
import { useI18n, useT } from '../../i18n/I18nContext';
import { useDeckCounts } from '../decks/useDeckCounts';
import { EmptyState, LoadingState, PageHeader } from '../shared/components';
import { readDecksOfLanguage, useDecksOfLanguage, useOtherDeckLanguages } from '../../db/read/decks';
import { readMyDecks, useMyDecks } from '../../db/read/userDecks';
import { hasSynced, useFirstSyncPending, useLanguageDownload } from '../../db/read/firstSync';
import { LanguageDownloading } from '../shared/LanguageDownloading';
import { useNow } from '../shared/clock';
import { useReviewTimes } from '../../db/read/reviews';
import { useReviewsToday } from '../../db/read/figures';
import type { DeckFigures } from '../../db/read/deckStudy';
import { figureData } from '../shared/StudyFigures';
import { nextToStudy, streak } from '../stats/stats';

/** Starter decks suggested on /home: more when the learner follows none yet. */
const SUGGESTIONS_FIRST = 4;
const SUGGESTIONS_MORE = 2;

/** What /home lists, read before its first render so that render shows it whole: a warm start
 * shows the decks at once, not a spinner first. */
interface HomeData {
  languageCode: string;
  mine: UserDeck[];
  languageDecks: Deck[];
}
let preloaded: HomeData | undefined;

/** Before the first render of /home (router.tsx preloadPage): the learner's decks and the
 * language's. Not before the first sync: there is nothing to read yet, and the reads would wait
 * for the sync's first writes. */
export async function preload(pathname: string): Promise<void> {
  if (pathname !== '/home' || !hasSynced()) return;
  const languageCode = languageCodeStore.get();
  const [mine, languageDecks] = await Promise.all([readMyDecks(), readDecksOfLanguage(languageCode)]);
  preloaded = { languageCode, mine, languageDecks };
}

/** The preloaded data for `languageCode`, once: a later visit to /home reads afresh. */
function takePreloaded(languageCode: string): HomeData | undefined {
  const data = preloaded?.languageCode === languageCode ? preloaded : undefined;
  preloaded = undefined;
  return data;
}

/** After sign-up or sign-in with an address not yet verified (auth/SignInForms.tsx passes it). */
function CheckInboxNote() {
  const t = useT();
  const location = useLocation();
  const email = (location.state as { checkInbox?: string } | null)?.checkInbox;
  const [open, setOpen] = useState(true);
  if (!email || !open) return null;
  return (
    <Alert severity="info" role="status" onClose={() => setOpen(false)} sx={{ mb: 2 }} data-testid="check-inbox">
      {t('home.checkInbox', { email })}
    </Alert>
  );
}

/** One of the three figures, coloured as Anki colours them (learning steps in a neutral colour:
 * they are not mistakes). */
function Figure({ label, value, color, testId }: { label: string; value: number; color: string; testId: string }) {
  const { formatNumber } = useI18n();
  return (
    <Box sx={{ minWidth: 88 }}>
      <Typography variant="h3" component="p" sx={{ color, fontWeight: 600, lineHeight: 1.1 }} data-testid={testId}>
        {formatNumber(value)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

/** Today's figures of the deck Start opens, and Start. */
const TodayPanel = memo(function TodayPanel({ next, learningLater, nextBack }: { next?: DeckFigures; learningLater: number; nextBack: number | null }) {
  const { t, formatTime } = useI18n();
  const figures = next?.figures;
  const counts = next?.counts ?? { new: 0, learning: learningLater, due: 0, total: 0 };
  return (
    <Paper variant="outlined" component="section" aria-labelledby="home-today" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}
      {...(next && figures ? figureData('today', `deck:${next.deck.id}`, { dueNow: figures.dueNow, newToday: figures.newToday, laterToday: figures.laterToday }) : {})}>
      <Typography variant="h6" component="h2" id="home-today" gutterBottom>
        {next ? (
          <>
            {t('home.today')}: <bdi lang={next.deck.languageCode}>{next.deck.title}</bdi>
          </>
        ) : (
          t('home.today')
        )}
      </Typography>
      <Stack direction="row" spacing={{ xs: 2, sm: 4 }} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }} useFlexGap>
        <Figure label={t('figures.dueNow')} value={counts.due} color="success.main" testId="home-due" />
        <Figure label={t('figures.newToday')} value={counts.new} color="info.main" testId="home-new" />
        <Figure label={t('figures.laterToday')} value={counts.learning} color="text.primary" testId="home-learning" />
      </Stack>
      {next ? (
        <>
          <Button variant="contained" size="large" startIcon={<PlayArrowRounded />} component={Link} to={`/decks/${next.deck.id}/review`}
            data-testid="home-start" data-total={counts.total}>
            {t('home.startCards', { count: counts.total })}
          </Button>
          {counts.learning > 0 && figures?.nextLaterToday != null && (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {t('figures.nextBack', { count: counts.learning, time: formatTime(figures.nextLaterToday) })}
            </Typography>
          )}
        </>
      ) : (
        <>
          <Button variant="contained" size="large" startIcon={<PlayArrowRounded />} disabled data-testid="home-start" data-total={0}>
            {t('home.nothingNow')}
          </Button>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {learningLater > 0 && nextBack !== null ? t('figures.nextBack', { count: learningLater, time: formatTime(nextBack) }) : t('home.doneToday')}
          </Typography>
        </>
      )}
    </Paper>
  );
});

/** A starter deck of the language, followed in one click. */
function SuggestedDeck({ deck }: { deck: Deck }) {
  const t = useT();
  const titleId = `suggested-${deck.id}`;
  return (
    <Grid size={{ xs: 12, sm: 6 }}>
      <Card variant="outlined" component="article" aria-labelledby={titleId} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
        <CardContent sx={{ flex: 1 }}>
          <Typography variant="h6" component="h3" id={titleId} lang={deck.languageCode} sx={{ wordBreak: 'break-word' }}>
            <bdi>{deck.title}</bdi>
          </Typography>
          {deck.description && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              <bdi>{deck.description}</bdi>
            </Typography>
          )}
          <Chip size="small" label={t('decks.entryCount', { count: deck.entryIds.length })} sx={{ mt: 1 }} />
        </CardContent>
        <CardActions sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Button variant="contained" startIcon={<AddCircleOutline />} onClick={() => void saveUserDeck({ deckId: deck.id })}
            aria-describedby={titleId} data-testid="follow-deck">
            {t('home.follow')}
          </Button>
          <Button component={Link} to={`/decks/${deck.id}`}>
            {t('home.seeDeck')}
          </Button>
        </CardActions>
      </Card>
    </Grid>
  );
}

/** The learner's decks of the language, each with today's figures. */
function MyDecks({ decks }: { decks: DeckFigures[] }) {
  const t = useT();
  return (
    <List aria-label={t('decks.listLabel')} sx={{ mb: 2 }}>
      {decks.map(({ deck, figures }) => (
        <ListItem key={deck.id} disablePadding>
          <ListItemButton component={Link} to={`/decks/${deck.id}`} divider>
            <ListItemText
              primary={deck.title}
              secondary={
                <span data-testid="deck-figures" {...figureData('today', `deck:${deck.id}`, { dueNow: figures.dueNow, newToday: figures.newToday, laterToday: figures.laterToday })}>
                  {t('home.deckFigures', { due: figures.dueNow, new: figures.newToday, later: figures.laterToday })}
                </span>
              }
              slotProps={{ primary: contentLine(deck.languageCode) }}
              sx={{ minWidth: 0 }}
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

/** The other languages of the learner's decks, by name: one click studies one of them (Home is
 * of one language at a time). */
function OtherLanguages({ mine, languageCode }: { mine: UserDeck[]; languageCode: string }) {
  const { t, locale } = useI18n();
  const { allowed, setLanguageCode } = useLanguageCode();
  const codes = useOtherDeckLanguages(mine, languageCode);
  if (!allowed || !codes || codes.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mt: 2 }} useFlexGap data-testid="other-languages">
      <Typography color="text.secondary">{t('home.otherLanguages')}</Typography>
      {codes.map((code) => (
        <Button key={code} size="small" variant="outlined" onClick={() => setLanguageCode(code)}>
          {languageName(code, locale)}
        </Button>
      ))}
    </Stack>
  );
}

export function HomePage() {
  const t = useT();
  const { languageCode } = useLanguageCode();
  const languageName = useLanguageName(languageCode);
  const [initial] = useState(() => takePreloaded(languageCode));
  const now = useNow();
  const mine = useMyDecks(initial?.mine);
  // `initial` is of this language (takePreloaded); the hook uses it only until its first answer.
  const languageDecks = useDecksOfLanguage(languageCode, initial?.languageDecks);
  const firstSync = useFirstSyncPending();
  const download = useLanguageDownload(languageCode);
  // Home is of the studied language: the learner's decks of another language wait until that
  // language is chosen (they once hid this language's decks: Chinese offered the Korean deck).
  const { followed, suggested } = useMemo(() => {
    if (!languageDecks || !mine) return { followed: undefined, suggested: undefined };
    const ids = new Set(mine.map((d) => d.deckId));
    return { followed: languageDecks.filter((d) => ids.has(d.id)), suggested: languageDecks.filter((d) => !ids.has(d.id)) };
  }, [languageDecks, mine]);
  const withCounts = useDeckCounts(followed);
  const next = withCounts && nextToStudy(withCounts);
  const learningLater = withCounts?.reduce((sum, d) => sum + d.counts.learning, 0) ?? 0;
  const nextBack = withCounts?.reduce<number | null>((at, d) => (d.figures.nextLaterToday !== null && (at === null || d.figures.nextLaterToday < at) ? d.figures.nextLaterToday : at), null) ?? null;
  const times = useReviewTimes();
  const run = times ? streak(times, now) : undefined;
  const reviewsToday = useReviewsToday(languageCode, now) ?? 0;
  const waiting = followed === undefined || suggested === undefined || (languageDecks?.length === 0 && firstSync && download === 'ready');
  const following = (followed?.length ?? 0) > 0;
  const suggestions = suggested?.slice(0, following ? SUGGESTIONS_MORE : SUGGESTIONS_FIRST) ?? [];
  return (
    <>
      <PageHeader title={t('home.title')} subtitle={t('home.subtitle', { language: languageName })} />
      <CheckInboxNote />
      {waiting ? (
        <LoadingState />
      ) : (
        <>
          {following && (withCounts ? <TodayPanel next={next} learningLater={learningLater} nextBack={nextBack} /> : <LoadingState />)}
          {suggestions.length > 0 && (
            <Box component="section" aria-labelledby="home-suggested" sx={{ mb: 3 }}>
              <Typography variant="h5" component="h2" id="home-suggested" gutterBottom>
                {following ? t('home.moreDecks', { language: languageName }) : t('home.startWith', { language: languageName })}
              </Typography>
              {!following && (
                <Typography color="text.secondary" sx={{ mb: 1.5 }}>
                  {t('home.followHint')}
                </Typography>
              )}
              <Grid container spacing={2}>
                {suggestions.map((deck) => (
                  <SuggestedDeck key={deck.id} deck={deck} />
                ))}
              </Grid>
              {(suggested?.length ?? 0) > suggestions.length && (
                <Button component={Link} to="/decks" sx={{ mt: 1 }}>
                  {t('home.allDecks', { count: languageDecks?.length ?? 0 })}
                </Button>
              )}
            </Box>
          )}
          {following && withCounts && (
            <Box component="section" aria-labelledby="home-mine">
              <Typography variant="h5" component="h2" id="home-mine" gutterBottom>
                {t('home.myDecks')}
              </Typography>
              <MyDecks decks={withCounts} />
            </Box>
          )}
          {!following && suggestions.length === 0 &&
            (download === 'ready' ? <EmptyState>{t('decks.empty')}</EmptyState> : <LanguageDownloading code={languageCode} state={download} />)}
          {mine && <OtherLanguages mine={mine} languageCode={languageCode} />}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 2 }}>
            <LocalFireDepartmentOutlined color={run && run.days > 0 ? 'warning' : 'disabled'} aria-hidden />
            <Typography color="text.secondary" data-testid="home-streak-line">
              <span data-testid="home-streak">{t('home.streakDays', { count: run?.days ?? 0 })}</span>
              {' · '}
              {run && run.days > 0 && !run.reviewedToday ? (
                t('home.streakKeep')
              ) : (
                <span data-testid="home-reviews-today" data-scope={`language:${languageCode}`} data-reviews-today={reviewsToday}>
                  {t('home.reviewsToday', { count: reviewsToday, language: languageName })}
                </span>
              )}
            </Typography>
          </Stack>
        </>
      )}
    </>
  );
}
