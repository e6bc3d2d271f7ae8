// The learner's cards (/cards): searchable, filterable by language, virtualised, with statistics.
// The language filter is the scope of the page's figures and of its statistics tab alike (one read,
// db/read/figures.ts), so the list and its statistics show the same numbers; the search narrows
// the list only. Its own module: the list toolbar, tabs and virtual list are not part of /home's
// first load.
import { Suspense, lazy, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { contentLine } from '../../app/contentLine';
import type { CardKind, Entry, UserCard } from '../../api/generated/types';
import { useLanguageName } from '../../app/languages';
import { useScope, type ListScope } from '../../db/read/figures';
import { useI18n } from '../../i18n/I18nContext';
import { EmptyState, LoadingState, PageHeader } from '../shared/components';
import { ALL_LANGUAGES, filterRows, haystack } from '../shared/filter';
import { useNow } from '../shared/clock';
import { ListToolbar, VirtualList, useListLanguage, useSearch } from '../shared/lists';
import { CardFigures, TodayFigures } from '../shared/StudyFigures';

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
  const scope = useMemo((): ListScope => (language === ALL_LANGUAGES ? { kind: 'all' } : { kind: 'language', languageCode: language }), [language]);
  const languageName = useLanguageName(scope.kind === 'language' ? scope.languageCode : '');
  const scopeKey = scope.kind === 'all' ? 'all' : `language:${scope.languageCode}`;
  const scopeLabel = scope.kind === 'all' ? t('figures.scope.all') : t('figures.scope.language', { language: languageName });
  // The scope's cards, soonest due first, with their entries, and its figures.
  const read = useScope(scope, now);
  const rows = useMemo(() => read?.cards.map((c): CardRow => ({ ...c, languageCode: c.entry?.languageCode ?? '' })), [read]);
  const hays = useMemo(
    () => rows?.map(({ card, entry }) => haystack([entry?.text, entry?.reading, entry?.meanings, t(`cards.kind.${card.kind}`)])),
    [rows, t],
  );
  const shown = useMemo(() => (rows && hays ? filterRows(rows, hays, deferred, ALL_LANGUAGES) : undefined), [rows, hays, deferred]);
  const stateLabel = (state: number) => t(`cards.state.${(['new', 'learning', 'review', 'relearning'] as const)[state] ?? 'new'}`);
  const kindLabel = (kind: CardKind) => t(`cards.kind.${kind}`);
  return (
    <>
      <PageHeader title={t('cards.title')} subtitle={rows ? t('cards.totalIn', { count: rows.length, scope: scopeLabel }) : undefined} />
      <Tabs value={tab} onChange={(_, v: 'cards' | 'stats') => setTab(v)} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="cards" label={t('cards.title')} id="cards-tab-cards" aria-controls="cards-panel-cards" />
        <Tab value="stats" label={t('stats.title')} id="cards-tab-stats" aria-controls="cards-panel-stats" />
      </Tabs>
      {tab === 'stats' ? (
        <Box role="tabpanel" id="cards-panel-stats" aria-labelledby="cards-tab-stats">
          <ListToolbar query="" onQuery={() => undefined} language={language} onLanguage={setLanguage} hideSearch
            searchLabel={t('lists.searchCards')} />
          <Suspense fallback={<LoadingState />}>
            <StatsSection read={read} scope={scopeKey} label={scopeLabel} memoryModel />
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
              {read && (
                <Stack spacing={1.5} sx={{ mb: 2 }}>
                  <TodayFigures figures={read.figures} scope={scopeKey} label={scopeLabel} heading="h2" />
                  <CardFigures figures={read.figures} scope={scopeKey} label={scopeLabel} heading="h2" />
                </Stack>
              )}
              {deferred.trim() !== '' && (
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="cards-matching">
                  {t('cards.matching', { count: shown.length, total: rows?.length ?? 0 })}
                </Typography>
              )}
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

