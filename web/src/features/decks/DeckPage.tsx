// /decks/:deckId: a deck (and where its words come from) with the learner's progress, review
// and test, my decks, its entries with enable switches, and statistics.
import { Suspense, lazy, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MuiLink from '@mui/material/Link';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import AddCircleOutline from '@mui/icons-material/AddCircleOutlineOutlined';
import DrawOutlined from '@mui/icons-material/DrawOutlined';
import QuizOutlined from '@mui/icons-material/QuizOutlined';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutlineOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import { Link, useParams } from 'react-router';
import { contentLine } from '../../app/contentLine';
import type { Deck, Entry, UserCard } from '../../api/generated/types';
import { saveUserDeck, saveUserEntry } from '../../db/mutations';
import { useI18n, useT } from '../../i18n/I18nContext';
import { EntryLabel } from '../shared/EntryLabel';
import { EmptyState, LoadingState, MissingState, PageHeader } from '../shared/components';
import { useDeck } from '../../db/read/decks';
import { useCardsOf, useDueCountsByEntry } from '../../db/read/cards';
import { useDeckEntries } from '../../db/read/entries';
import { useDisabledEntries } from '../../db/read/userEntries';
import { useNow } from '../shared/clock';
import { useUserDeck } from '../../db/read/userDecks';
import { VirtualList } from '../shared/lists';
import { CardFigures, TodayFigures } from '../shared/StudyFigures';
import { useDeckCounts } from './useDeckCounts';

// Statistics load with their chart library on demand, never with the deck list's code.
const StatsSection = lazy(() => import('../stats/StatsSection'));

/** The learner's progress in a deck: entries started, today's figures (those of /home and of the
 * session Review opens) and the deck's cards by state, from study/figures.ts. */
function DeckProgress({ deck, cards, disabled }: { deck: Deck; cards: UserCard[] | undefined; disabled: Set<string> | undefined }) {
  const t = useT();
  const decks = useMemo(() => [deck], [deck]);
  const read = useDeckCounts(decks)?.[0];
  const started = useMemo(() => {
    if (!cards) return undefined;
    const entries = new Set<string>();
    for (const c of cards) if (c.state !== 0) entries.add(c.entryId);
    return entries.size;
  }, [cards]);
  const total = deck.entryIds.length;
  const off = disabled?.size ?? 0;
  const scope = `deck:${deck.id}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="deck-progress" sx={{ p: 2, mb: 3 }}>
      <Typography variant="h6" component="h2" id="deck-progress">
        {t('deckPage.progress')}
      </Typography>
      {!read || started === undefined ? (
        <LoadingState />
      ) : (
        <Stack spacing={1.5}>
          <Box>
            <Typography variant="body2" data-testid="deck-started">
              {t('deckPage.started', { started, count: total })}
              {off > 0 && ` · ${t('deckPage.disabledCount', { count: off })}`}
            </Typography>
            {/* A plain bar: LinearProgress would be one more chunk for every page load to list. */}
            <Box role="progressbar" aria-valuemin={0} aria-valuemax={total} aria-valuenow={started}
              aria-label={t('deckPage.progress')} sx={{ height: 8, borderRadius: 4, mt: 0.5, bgcolor: 'action.hover', overflow: 'hidden' }}>
              <Box sx={{ height: '100%', width: `${total ? (100 * started) / total : 0}%`, bgcolor: 'primary.main' }} />
            </Box>
          </Box>
          <TodayFigures figures={read.figures} scope={scope} label={t('figures.scope.thisDeck')} newPerDay={read.newPerDay} />
          <CardFigures figures={read.figures} scope={scope} label={t('figures.scope.thisDeck')} />
        </Stack>
      )}
    </Paper>
  );
}

/** Adds the deck to the learner's decks, or removes it (a user deck; `deleted: true` removes). */
function MyDeckButton({ deck }: { deck: Deck }) {
  const t = useT();
  const userDeck = useUserDeck(deck.id);
  if (userDeck === undefined) return null;
  return userDeck ? (
    <Button variant="text" color="inherit" startIcon={<RemoveCircleOutline />}
      onClick={() => void saveUserDeck({ deckId: deck.id, deleted: true })}>
      {t('deckPage.removeFromMine')}
    </Button>
  ) : (
    <Button variant="outlined" startIcon={<AddCircleOutline />} onClick={() => void saveUserDeck({ deckId: deck.id })}>
      {t('deckPage.addToMine')}
    </Button>
  );
}

const DECK_ENTRY_ROW_HEIGHT = 64;

/** One entry of the deck: its position, text and meanings, a switch to study it or not. */
function DeckEntryRow({ deck, entry, index, enabled, due }: {
  deck: Deck;
  entry: Entry;
  index: number;
  enabled: boolean;
  due: number;
}) {
  const { t, formatNumber } = useI18n();
  return (
    <Stack direction="row" sx={{ width: '100%', alignItems: 'center', borderBottom: 1, borderColor: 'divider' }}>
      <Switch checked={enabled} onChange={(e) => void saveUserEntry({ entryId: entry.id, enabled: e.target.checked })}
        slotProps={{ input: { 'aria-label': t('deckPage.studyEntry', { text: entry.text }) } }} />
      <ListItemButton component={Link} to={`/decks/${deck.id}/entries/${entry.id}`} sx={{ height: '100%', minWidth: 0, opacity: enabled ? 1 : 0.6 }}>
        <Typography color="text.secondary" sx={{ width: 48, flexShrink: 0 }} aria-hidden>
          {formatNumber(index + 1)}
        </Typography>
        <ListItemText
          primary={<EntryLabel entry={entry} />}
          secondary={entry.meanings.join('; ')}
          slotProps={{ primary: contentLine(entry.languageCode), secondary: contentLine() }}
          sx={{ minWidth: 0 }}
        />
        {due > 0 && <Chip size="small" color="primary" label={t('decks.dueCount', { count: due })} sx={{ marginInlineStart: 1 }} />}
      </ListItemButton>
    </Stack>
  );
}

export function DeckPage() {
  const t = useT();
  const { deckId } = useParams();
  const deck = useDeck(deckId);
  const entries = useDeckEntries(deck);
  const dueByEntry = useDueCountsByEntry(useNow());
  const cards = useCardsOf(deck?.entryIds);
  const disabled = useDisabledEntries(deck?.entryIds);
  const userDeck = useUserDeck(deck?.id);
  const [tab, setTab] = useState<'entries' | 'stats'>('entries');
  if (deck === undefined) return <LoadingState />;
  if (deck === null) return <MissingState kind="deck" id={deckId} />;
  // One call per entry, as SPEC §7 says of lists.
  const setAll = (enabled: boolean) => {
    for (const entryId of deck.entryIds) if (disabled?.has(entryId) === enabled) void saveUserEntry({ entryId, enabled });
  };
  return (
    <>
      <PageHeader
        title={deck.title}
        lang={deck.languageCode}
        crumbs={[{ to: '/decks', label: t('decks.title') }]}
        subtitle={
          <Stack spacing={1}>
            {deck.description && <bdi>{deck.description}</bdi>}
            {deck.source && (
              <Typography variant="body2" color="text.secondary" component="span" data-testid="deck-source" sx={{ overflowWrap: 'anywhere' }}>
                {t('deck.source', { source: deck.source })}{' '}
                <MuiLink component={Link} to="/about">
                  {t('about.link')}
                </MuiLink>
              </Typography>
            )}
            <Stack direction="row" spacing={1}>
              <Chip size="small" label={t('decks.entryCount', { count: deck.entryIds.length })} />
              {userDeck && <Chip size="small" color="secondary" variant="outlined" label={t('lists.mine')} />}
            </Stack>
          </Stack>
        }
        actions={
          <>
            <Button variant="contained" startIcon={<ReplayOutlined />} component={Link} to={`/decks/${deck.id}/review`}>
              {t('deck.review')}
            </Button>
            <Button variant="outlined" startIcon={<DrawOutlined />} component={Link} to={`/decks/${deck.id}/review?cards=writing`}>
              {t('deck.writingSession')}
            </Button>
            <Button variant="outlined" startIcon={<QuizOutlined />} component={Link} to={`/decks/${deck.id}/test`}>
              {t('deck.test')}
            </Button>
            <MyDeckButton deck={deck} />
          </>
        }
      />
      {userDeck === null && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('deckPage.notMineHint')}
        </Alert>
      )}
      <DeckProgress deck={deck} cards={cards} disabled={disabled} />
      <Tabs value={tab} onChange={(_, v: 'entries' | 'stats') => setTab(v)} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="entries" label={t('deck.entries')} id="deck-tab-entries" aria-controls="deck-panel-entries" />
        <Tab value="stats" label={t('stats.title')} id="deck-tab-stats" aria-controls="deck-panel-stats" />
      </Tabs>
      {tab === 'entries' ? (
        <Box role="tabpanel" id="deck-panel-entries" aria-labelledby="deck-tab-entries">
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
            <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
              {t('deckPage.enableHint')}
            </Typography>
            <Button size="small" onClick={() => setAll(true)} disabled={!disabled || disabled.size === 0}>
              {t('deckPage.enableAll')}
            </Button>
            <Button size="small" onClick={() => setAll(false)} disabled={!disabled || disabled.size === deck.entryIds.length}>
              {t('deckPage.disableAll')}
            </Button>
          </Stack>
          {entries === undefined ? (
            <LoadingState />
          ) : entries.length === 0 ? (
            <EmptyState>{t('deck.noEntries')}</EmptyState>
          ) : (
            <VirtualList
              count={entries.length}
              rowHeight={DECK_ENTRY_ROW_HEIGHT}
              label={t('deck.entries')}
              getKey={(i) => entries[i]!.id}
              row={(i) => (
                <DeckEntryRow deck={deck} entry={entries[i]!} index={i} enabled={!disabled?.has(entries[i]!.id)}
                  due={dueByEntry?.get(entries[i]!.id) ?? 0} />
              )}
            />
          )}
        </Box>
      ) : (
        <Box role="tabpanel" id="deck-panel-stats" aria-labelledby="deck-tab-stats">
          <Suspense fallback={<LoadingState />}>
            <StatsSection deck={deck} label={t('figures.scope.thisDeck')} />
          </Suspense>
        </Box>
      )}
    </>
  );
}
