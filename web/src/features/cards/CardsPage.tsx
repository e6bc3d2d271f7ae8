// The learner's cards (/cards): searchable, filterable by language, virtualised, with statistics.
// Its own module: the list toolbar, tabs and virtual list are not part of /home's first load.
import { Suspense, lazy, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link } from 'react-router';
import { contentLine } from '../../app/contentLine';
import type { CardKind, Entry, UserCard } from '../../api/generated/types';
import { useCardsWithEntries } from '../../db/read/cards';
import { useI18n } from '../../i18n/I18nContext';
import { EmptyState, LoadingState, PageHeader } from '../shared/components';
import { filterRows, haystack } from '../shared/filter';
import { useNow } from '../shared/clock';
import { ListToolbar, VirtualList, useListLanguage, useSearch } from '../shared/lists';
import { CARD_STATES } from '../stats/stats';

// Statistics load with their chart library on demand, never with the page's own code.
const StatsSection = lazy(() => import('../stats/StatsSection'));

const CARD_ROW_HEIGHT = 64;

interface CardRow {
  card: UserCard;
  entry?: Entry;
  /** The entry's language (filtering), '' when the entry is not here. */
  languageCode: string;
}

export function CardsPage() {
  const { t, formatDateTime } = useI18n();
  const now = useNow();
  const [language, setLanguage] = useListLanguage();
  const { query, setQuery, deferred } = useSearch();
  const [tab, setTab] = useState<'cards' | 'stats'>('cards');
  // Every card, soonest due first, with its entry.
  const cards = useCardsWithEntries();
  const rows = useMemo(() => cards?.map((c): CardRow => ({ ...c, languageCode: c.entry?.languageCode ?? '' })), [cards]);
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
                  <Chip role="listitem" key={s} variant="outlined" label={t('lists.labelValue', { label: stateLabel(s), value: counts.byState[s] ?? 0 })} />
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
                          slotProps={{ primary: contentLine(entry?.languageCode), secondary: { noWrap: true } }}
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

