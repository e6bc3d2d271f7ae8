// Landing (/), home (/home: what is due today per deck, the streak, a start button) and the
// learner's cards (/cards: searchable, filterable by language, virtualised, with statistics).
import { Suspense, lazy, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import LocalFireDepartmentOutlined from '@mui/icons-material/LocalFireDepartmentOutlined';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link } from 'react-router';
import type { CardKind, Deck, Entry, UserCard } from '../../api/generated/types';
import { useLanguageCode } from '../../app/languageCode';
import { useLanguages } from '../../app/layout/LanguagePicker';
import { db } from '../../db/db';
import { useI18n, useT } from '../../i18n/I18nContext';
import { DeckList } from '../decks/DeckList';
import { EmptyState, LoadingState, PageHeader } from '../shared/components';
import { filterRows, haystack } from '../shared/filter';
import { dueInDeck, useDecksOfLanguage, useDueCountsByEntry, useMyDecks, useNow, usePageTitle, useReviewTimes } from '../shared/hooks';
import { ListToolbar, VirtualList, useListLanguage, useSearch } from '../shared/lists';
import { CARD_STATES, dayStart, endOfToday, mostDue, streak } from '../stats/stats';

// Statistics load with their chart library on demand, never with the page's own code.
const StatsSection = lazy(() => import('../stats/StatsSection'));

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

/** The decks of `ids` that exist locally, in the given order. */
function useDecksByIds(ids: string[] | undefined): Deck[] | undefined {
  return useLiveQuery(async () => {
    if (!ids) return undefined;
    return (await db.decks.bulkGet(ids)).filter((d): d is Deck => !!d && !d.deleted);
  }, [ids]);
}

export function HomePage() {
  const { t, formatNumber } = useI18n();
  const { languageCode } = useLanguageCode();
  const languages = useLanguages();
  const language = languages?.find((l) => l.id === languageCode);
  const now = useNow();
  const today = endOfToday(now);
  const dueByEntry = useDueCountsByEntry(today);
  const mine = useMyDecks();
  const mineIds = useMemo(() => mine?.map((d) => d.deckId), [mine]);
  const myDecks = useDecksByIds(mineIds);
  const languageDecks = useDecksOfLanguage(languageCode);
  // The learner's decks when they have some (any language), else the current language's.
  const ownDecks = myDecks !== undefined && myDecks.length > 0;
  const decks = ownDecks ? myDecks : languageDecks;
  const withDue = useMemo(
    () => (decks ?? []).map((deck, index) => ({ deck, index, due: dueInDeck(deck, dueByEntry) })),
    [decks, dueByEntry],
  );
  const homeDecks = useMemo(() => {
    const sorted = [...withDue].sort((a, b) => b.due - a.due || a.index - b.index);
    return sorted.slice(0, HOME_DECK_LIMIT).map((d) => d.deck);
  }, [withDue]);
  const start = mostDue(withDue);
  const totalDue = withDue.reduce((sum, d) => sum + d.due, 0);
  const times = useReviewTimes();
  const run = times ? streak(times, now) : undefined;
  const reviewsToday = times ? times.filter((x) => x >= dayStart(now) && x < today).length : 0;
  return (
    <>
      <PageHeader
        title={t('home.title')}
        subtitle={t('home.subtitle', { language: language?.name ?? languageCode })}
        actions={
          start ? (
            <Button variant="contained" size="large" startIcon={<PlayArrowRounded />} component={Link} to={`/decks/${start.id}/review`}
              data-testid="home-start">
              {t('home.start', { deck: start.title })}
            </Button>
          ) : (
            <Button variant="contained" size="large" startIcon={<PlayArrowRounded />} disabled data-testid="home-start">
              {t('home.nothingDue')}
            </Button>
          )
        }
      />
      <Grid container spacing={2} sx={{ mb: 3 }}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="overline" component="h2">{t('home.dueToday')}</Typography>
            <Typography variant="h4" component="p" data-testid="home-due">{formatNumber(totalDue)}</Typography>
            <Typography variant="body2" color="text.secondary">
              {ownDecks ? t('home.inMyDecks') : t('home.inLanguage', { language: language?.name ?? languageCode })}
            </Typography>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="overline" component="h2">{t('home.streak')}</Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <LocalFireDepartmentOutlined color={run && run.days > 0 ? 'warning' : 'disabled'} aria-hidden />
              <Typography variant="h4" component="p" data-testid="home-streak">
                {t('home.streakDays', { count: run?.days ?? 0 })}
              </Typography>
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {run && run.days > 0 && !run.reviewedToday ? t('home.streakKeep') : t('home.reviewsToday', { count: reviewsToday })}
            </Typography>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="overline" component="h2">{t('home.decks')}</Typography>
            <Typography variant="h4" component="p">{formatNumber(decks?.length ?? 0)}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('home.entriesIn', { count: decks?.reduce((sum, d) => sum + d.entryIds.length, 0) ?? 0 })}
            </Typography>
          </Paper>
        </Grid>
      </Grid>
      <Typography variant="h5" component="h2" gutterBottom>
        {ownDecks ? t('home.myDecks') : t('home.yourDecks')}
      </Typography>
      {!ownDecks && decks && decks.length > 0 && (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('home.addDecksHint')}
        </Typography>
      )}
      {decks === undefined ? (
        <LoadingState />
      ) : decks.length === 0 ? (
        <EmptyState>{t('decks.empty')}</EmptyState>
      ) : (
        <>
          <DeckList decks={homeDecks} dueByEntry={dueByEntry} />
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

const CARD_ROW_HEIGHT = 64;

interface CardRow {
  card: UserCard;
  entry?: Entry;
  /** The entry's language (filtering), '' when the entry is not here. */
  languageCode: string;
}

export function CardsPage() {
  const { t, formatDateTime, formatNumber } = useI18n();
  const now = useNow();
  const [language, setLanguage] = useListLanguage();
  const { query, setQuery, deferred } = useSearch();
  const [tab, setTab] = useState<'cards' | 'stats'>('cards');
  // Every card, soonest due first, with its entry.
  const rows = useLiveQuery(async (): Promise<CardRow[]> => {
    const cards = (await db.userCards.orderBy('due').toArray()).filter((c) => !c.deleted);
    const entries = await db.entries.bulkGet([...new Set(cards.map((c) => c.entryId))]);
    const byId = new Map(entries.filter((e): e is Entry => !!e).map((e) => [e.id, e]));
    return cards.map((card) => {
      const entry = byId.get(card.entryId);
      return { card, entry, languageCode: entry?.languageCode ?? '' };
    });
  }, []);
  const hays = useMemo(
    () => rows?.map(({ card, entry }) => haystack([entry?.text, entry?.reading, entry?.meanings, t(`cards.kind.${card.kind}`)])),
    [rows, t],
  );
  const shown = useMemo(() => (rows && hays ? filterRows(rows, hays, deferred, language) : undefined), [rows, hays, deferred, language]);
  const counts = useMemo(() => {
    const byState = [0, 0, 0, 0];
    let due = 0;
    for (const { card } of shown ?? []) {
      byState[card.state] = (byState[card.state] ?? 0) + 1;
      if (card.due <= now) due += 1;
    }
    return { byState, due };
  }, [shown, now]);
  const stateLabel = (state: number) => t(`cards.state.${(['new', 'learning', 'review', 'relearning'] as const)[state] ?? 'new'}`);
  const kindLabel = (kind: CardKind) => t(`cards.kind.${kind}`);
  return (
    <>
      <PageHeader title={t('cards.title')} subtitle={shown ? t('cards.total', { count: shown.length }) : undefined} />
      <Tabs value={tab} onChange={(_, v: 'cards' | 'stats') => setTab(v)} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="cards" label={t('cards.title')} id="cards-tab-cards" aria-controls="cards-panel-cards" />
        <Tab value="stats" label={t('stats.title')} id="cards-tab-stats" aria-controls="cards-panel-stats" />
      </Tabs>
      {tab === 'stats' ? (
        <Box role="tabpanel" id="cards-panel-stats" aria-labelledby="cards-tab-stats">
          <Suspense fallback={<LoadingState />}>
            <StatsSection entryIds={null} />
          </Suspense>
        </Box>
      ) : (
        <Box role="tabpanel" id="cards-panel-cards" aria-labelledby="cards-tab-cards">
          <ListToolbar query={query} onQuery={setQuery} language={language} onLanguage={setLanguage}
            searchLabel={t('lists.searchCards')} placeholder={t('entries.searchPlaceholder')} />
          {!shown ? (
            <LoadingState />
          ) : (
            <>
              <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }} aria-label={t('cards.byState')} role="list">
                <Chip role="listitem" color="primary" label={t('cards.due', { count: counts.due })} />
                {CARD_STATES.map((s) => (
                  <Chip role="listitem" key={s} variant="outlined" label={`${stateLabel(s)}: ${formatNumber(counts.byState[s] ?? 0)}`} />
                ))}
              </Stack>
              {shown.length === 0 ? (
                <EmptyState>{rows && rows.length > 0 ? t('lists.noCardMatches') : t('cards.empty')}</EmptyState>
              ) : (
                <VirtualList
                  count={shown.length}
                  rowHeight={CARD_ROW_HEIGHT}
                  label={t('cards.listLabel')}
                  getKey={(i) => shown[i]!.card.id}
                  row={(i) => {
                    const { card, entry } = shown[i]!;
                    return (
                      <ListItemButton component={Link} to={`/entries/${card.entryId}`} divider sx={{ height: '100%' }}>
                        <ListItemText
                          primary={entry?.text ?? card.entryId}
                          secondary={`${kindLabel(card.kind)} · ${stateLabel(card.state)} · ${t('cards.dueAt', { time: formatDateTime(card.due) })}`}
                          slotProps={{ primary: { lang: entry?.languageCode, noWrap: true }, secondary: { noWrap: true } }}
                        />
                      </ListItemButton>
                    );
                  }}
                />
              )}
            </>
          )}
        </Box>
      )}
    </>
  );
}

