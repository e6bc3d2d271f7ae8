// Landing (/), home (/home) and the user's cards (/cards).
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
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
import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link } from 'react-router';
import type { CardKind, Entry, UserCard } from '../../api/generated/types';
import { useLanguageCode } from '../../app/languageCode';
import { useLanguages } from '../../app/layout/LanguagePicker';
import { db } from '../../db/db';
import { useI18n, useT } from '../../i18n/I18nContext';
import { DeckList } from '../decks/DeckList';
import { EmptyState, LoadingState, PageHeader } from '../shared/components';
import { dueInDeck, useDecksOfLanguage, useDueCountsByEntry, useNow, usePageTitle } from '../shared/hooks';

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

export function HomePage() {
  const { t, formatNumber } = useI18n();
  const { languageCode } = useLanguageCode();
  const languages = useLanguages();
  const language = languages?.find((l) => l.id === languageCode);
  const decks = useDecksOfLanguage(languageCode);
  const now = useNow();
  const dueByEntry = useDueCountsByEntry(now);
  const totalDue = decks?.reduce((sum, d) => sum + dueInDeck(d, dueByEntry), 0) ?? 0;
  const homeDecks = useMemo(() => {
    if (!decks) return [];
    const withDue = decks.map((deck, index) => ({ deck, index, due: dueInDeck(deck, dueByEntry) }));
    withDue.sort((a, b) => Number(b.due > 0) - Number(a.due > 0) || a.index - b.index);
    return withDue.slice(0, HOME_DECK_LIMIT).map((d) => d.deck);
  }, [decks, dueByEntry]);
  const allDue = dueByEntry ? [...dueByEntry.values()].reduce((a, b) => a + b, 0) : 0;
  return (
    <>
      <PageHeader
        title={t('home.title')}
        subtitle={t('home.subtitle', { language: language?.name ?? languageCode })}
      />
      <Grid container spacing={2} sx={{ mb: 3 }}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="overline" component="h2">{t('home.dueNow')}</Typography>
            <Typography variant="h4" component="p">{formatNumber(totalDue)}</Typography>
            <Typography variant="body2" color="text.secondary">{t('home.dueAll', { count: allDue })}</Typography>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="overline" component="h2">{t('home.decks')}</Typography>
            <Typography variant="h4" component="p">{formatNumber(decks?.length ?? 0)}</Typography>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="overline" component="h2">{t('home.entries')}</Typography>
            <Typography variant="h4" component="p">
              {formatNumber(decks?.reduce((sum, d) => sum + d.entryIds.length, 0) ?? 0)}
            </Typography>
          </Paper>
        </Grid>
      </Grid>
      <Typography variant="h5" component="h2" gutterBottom>
        {t('home.yourDecks')}
      </Typography>
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

const CARD_STATES = [0, 1, 2, 3] as const;
const CARD_LIST_LIMIT = 200;

interface CardsData {
  total: number;
  byState: Map<number, number>;
  due: number;
  rows: { card: UserCard; entry?: Entry }[];
}

export function CardsPage() {
  const { t, formatDateTime, formatNumber } = useI18n();
  const now = useNow();
  const data = useLiveQuery(async (): Promise<CardsData> => {
    const cards = (await db.userCards.orderBy('due').toArray()).filter((c) => !c.deleted);
    const byState = new Map<number, number>();
    let due = 0;
    for (const c of cards) {
      byState.set(c.state, (byState.get(c.state) ?? 0) + 1);
      if (c.due <= now) due += 1;
    }
    const shown = cards.slice(0, CARD_LIST_LIMIT);
    const entries = await db.entries.bulkGet(shown.map((c) => c.entryId));
    return { total: cards.length, byState, due, rows: shown.map((card, i) => ({ card, entry: entries[i] })) };
  }, [now]);
  const stateLabel = (state: number) =>
    state === 0 ? t('cards.state.new') : state === 1 ? t('cards.state.learning') : state === 2 ? t('cards.state.review') : t('cards.state.relearning');
  const kindLabel = (kind: CardKind) => t(`cards.kind.${kind}`);
  return (
    <>
      <PageHeader title={t('cards.title')} subtitle={data ? t('cards.total', { count: data.total }) : undefined} />
      {!data ? (
        <LoadingState />
      ) : (
        <>
          <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }} aria-label={t('cards.byState')} role="list">
            <Chip role="listitem" color="primary" label={t('cards.due', { count: data.due })} />
            {CARD_STATES.map((s) => (
              <Chip role="listitem" key={s} variant="outlined" label={`${stateLabel(s)}: ${formatNumber(data.byState.get(s) ?? 0)}`} />
            ))}
          </Stack>
          {data.total === 0 ? (
            <EmptyState>{t('cards.empty')}</EmptyState>
          ) : (
            <>
              <List aria-label={t('cards.listLabel')}>
                {data.rows.map(({ card, entry }) => (
                  <ListItem key={card.id} disablePadding divider>
                    <ListItemButton component={Link} to={`/entries/${card.entryId}`}>
                      <ListItemText
                        primary={entry?.text ?? card.entryId}
                        secondary={`${kindLabel(card.kind)} · ${stateLabel(card.state)} · ${t('cards.dueAt', { time: formatDateTime(card.due) })}`}
                        slotProps={{ primary: { lang: entry?.languageCode } }}
                      />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
              {data.total > data.rows.length && (
                <Typography variant="body2" color="text.secondary">
                  {t('list.showingFirst', { shown: data.rows.length, count: data.total })}
                </Typography>
              )}
            </>
          )}
        </>
      )}
    </>
  );
}
