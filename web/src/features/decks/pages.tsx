// /decks (the current language's decks) and /decks/:deckId (a deck and its entries in order).
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import QuizOutlined from '@mui/icons-material/QuizOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import { Link, useParams } from 'react-router';
import { languageCodeStore, useLanguageCode } from '../../app/languageCode';
import { useI18n, useT } from '../../i18n/I18nContext';
import { EmptyState, LoadingState, MissingState, PageHeader } from '../shared/components';
import { dueInDeck, preloadFirstDecks, useDeck, useDeckEntries, useDecksFirstPageThenAll, useDueCountsByEntry, useNow } from '../shared/hooks';
import { DECKS_PER_PAGE, DeckList } from './DeckList';

/** Before the first render of /decks: its first decks (router.tsx preloadPage). */
export async function preload(pathname: string): Promise<void> {
  if (pathname === '/decks') await preloadFirstDecks(languageCodeStore.get(), DECKS_PER_PAGE);
}

export function DecksPage() {
  const t = useT();
  const { languageCode } = useLanguageCode();
  const page = useDecksFirstPageThenAll(languageCode, DECKS_PER_PAGE);
  const decks = page?.decks;
  const dueByEntry = useDueCountsByEntry(useNow());
  return (
    <>
      <PageHeader
        title={t('decks.title')}
        subtitle={page?.complete ? t('decks.count', { count: page.decks.length, language: languageCode }) : undefined}
      />
      {decks === undefined ? (
        <LoadingState />
      ) : decks.length === 0 ? (
        <EmptyState>{t('decks.empty')}</EmptyState>
      ) : (
        <DeckList decks={decks} dueByEntry={dueByEntry} />
      )}
    </>
  );
}

export function DeckPage() {
  const { t, formatNumber } = useI18n();
  const { deckId } = useParams();
  const deck = useDeck(deckId);
  const entries = useDeckEntries(deck);
  const dueByEntry = useDueCountsByEntry(useNow());
  if (deck === undefined) return <LoadingState />;
  if (deck === null) return <MissingState kind="deck" />;
  const due = dueInDeck(deck, dueByEntry);
  return (
    <>
      <PageHeader
        title={deck.title}
        lang={deck.languageCode}
        crumbs={[{ to: '/decks', label: t('decks.title') }]}
        subtitle={
          <Stack spacing={1}>
            {deck.description && <span>{deck.description}</span>}
            <Stack direction="row" spacing={1}>
              <Chip size="small" label={t('decks.entryCount', { count: deck.entryIds.length })} />
              <Chip size="small" color={due > 0 ? 'primary' : 'default'} label={t('decks.dueCount', { count: due })} />
            </Stack>
          </Stack>
        }
        actions={
          <>
            <Button variant="contained" startIcon={<ReplayOutlined />} component={Link} to={`/decks/${deck.id}/review`}>
              {t('deck.review')}
            </Button>
            <Button variant="outlined" startIcon={<QuizOutlined />} component={Link} to={`/decks/${deck.id}/test`}>
              {t('deck.test')}
            </Button>
          </>
        }
      />
      <Typography variant="h6" component="h2">
        {t('deck.entries')}
      </Typography>
      {entries === undefined ? (
        <LoadingState />
      ) : entries.length === 0 ? (
        <EmptyState>{t('deck.noEntries')}</EmptyState>
      ) : (
        <List aria-label={t('deck.entries')}>
          {entries.map((entry, index) => (
            <ListItem key={entry.id} disablePadding divider>
              <ListItemButton component={Link} to={`/decks/${deck.id}/entries/${entry.id}`}>
                <Typography color="text.secondary" sx={{ width: 48, flexShrink: 0 }} aria-hidden>
                  {formatNumber(index + 1)}
                </Typography>
                <ListItemText
                  primary={entry.reading && entry.reading !== entry.text ? `${entry.text} · ${entry.reading}` : entry.text}
                  secondary={entry.meanings.join('; ')}
                  slotProps={{ primary: { lang: entry.languageCode } }}
                />
                {(dueByEntry?.get(entry.id) ?? 0) > 0 && (
                  <Chip size="small" color="primary" label={t('decks.dueCount', { count: dueByEntry?.get(entry.id) ?? 0 })} />
                )}
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </>
  );
}
