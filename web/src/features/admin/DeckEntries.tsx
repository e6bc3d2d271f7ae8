// A deck's entries in order in its editor: drag handles (@dnd-kit: pointer, touch, or keyboard
// through the handle), move up/down and remove buttons; shown ENTRY_ROWS_STEP rows at a time.
import { useMemo, useState } from 'react';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DragIndicator from '@mui/icons-material/DragIndicator';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutlineOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MuiLink from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import type { Deck, Entry } from '../../api/generated/types';
import { useT } from '../../i18n/I18nContext';
import { useEntriesById } from '../../db/read/entries';
import { moveEntry } from './deckEdit';
import { contentLine } from '../../app/contentLine';
import { isolatedParts } from './RecentChanges';

/** Rows of the deck's entries shown at first, and added by each "Show more". */
export const ENTRY_ROWS_STEP = 100;

/** The deck's entries in order: drag handles, move up/down and remove buttons. */
export function DeckEntries({ deck, languageCode, onChange }: {
  deck: Deck;
  languageCode: string;
  onChange: (entryIds: string[], message: string) => Promise<void>;
}) {
  const t = useT();
  const [shownRows, setShownRows] = useState(ENTRY_ROWS_STEP);
  const shown = useMemo(() => deck.entryIds.slice(0, shownRows), [deck.entryIds, shownRows]);
  const hidden = deck.entryIds.length - shown.length;
  const byId = useEntriesById(shown);
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so taps on the handle stay taps.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const label = (id: string | number) => byId?.get(String(id))?.text ?? String(id);
  const position = (id: string | number) => deck.entryIds.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('admin.dnd.picked', { text: label(active.id), index: position(active.id), count: deck.entryIds.length }),
    onDragOver: ({ active, over }) => (over ? t('admin.dnd.over', { text: label(active.id), index: position(over.id), count: deck.entryIds.length }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t('admin.dnd.dropped', { text: label(active.id), index: position(over.id), count: deck.entryIds.length }) : undefined),
    onDragCancel: ({ active }) => t('admin.dnd.cancelled', { text: label(active.id) }),
  };
  const move = (from: number, to: number) => {
    const id = deck.entryIds[from]!;
    const next = moveEntry(deck.entryIds, from, to);
    if (next !== deck.entryIds) void onChange(next, t('admin.deck.moved', { text: label(id), index: next.indexOf(id) + 1, count: next.length }));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(deck.entryIds.indexOf(String(active.id)), deck.entryIds.indexOf(String(over.id)));
  };
  return (
    <section aria-labelledby="deck-entries-heading">
      <Typography variant="h6" component="h2" id="deck-entries-heading" gutterBottom>
        {t('admin.deckEntries', { count: deck.entryIds.length })}
      </Typography>
      {deck.entryIds.length === 0 ? (
        <Typography color="text.secondary">{t('admin.deck.noEntries')}</Typography>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements, screenReaderInstructions: { draggable: t('admin.dnd.instructions') } }}
        >
          <SortableContext items={shown} strategy={verticalListSortingStrategy}>
            <Paper variant="outlined">
              <List disablePadding aria-label={t('admin.deck.entriesLabel')}>
                {shown.map((id, i) => (
                  <SortableEntry
                    key={id}
                    id={id}
                    index={i}
                    count={deck.entryIds.length}
                    entry={byId?.get(id)}
                    languageCode={languageCode}
                    onMove={move}
                    onRemove={() => void onChange(deck.entryIds.filter((x) => x !== id), t('admin.deck.removedEntry', { text: label(id) }))}
                  />
                ))}
              </List>
            </Paper>
          </SortableContext>
          {hidden > 0 && (
            <Button sx={{ mt: 1 }} onClick={() => setShownRows((n) => n + ENTRY_ROWS_STEP)}>
              {t('admin.deck.showMore', { count: Math.min(hidden, ENTRY_ROWS_STEP), hidden })}
            </Button>
          )}
        </DndContext>
      )}
    </section>
  );
}

function SortableEntry({ id, index, count, entry, languageCode, onMove, onRemove }: {
  id: string;
  index: number;
  count: number;
  entry: Entry | undefined;
  languageCode: string;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const text = entry?.text ?? t('admin.deck.missingEntry');
  return (
    <ListItem
      ref={setNodeRef}
      divider
      data-entry-id={id}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      sx={{ gap: 1, bgcolor: isDragging ? 'action.selected' : 'background.paper', position: 'relative', zIndex: isDragging ? 1 : 'auto', pr: 1 }}
    >
      <IconButton
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={t('admin.deck.dragHandle', { text, index: index + 1, count })}
        sx={{ cursor: 'grab', touchAction: 'none' }}
      >
        <DragIndicator />
      </IconButton>
      <ListItemText
        primary={
          entry ? (
            <MuiLink component={Link} to={`/admin/${languageCode}/entries/${id}`} lang={entry.languageCode}>
              <bdi>{entry.text}</bdi>
            </MuiLink>
          ) : (
            text
          )
        }
        secondary={entry ? isolatedParts([entry.reading, entry.meanings.join('; ')]) : id}
        slotProps={{ secondary: contentLine() }}
        sx={{ minWidth: 0 }}
      />
      <IconButton aria-label={t('admin.deck.moveUp', { text })} disabled={index === 0} onClick={() => onMove(index, index - 1)}>
        <ArrowUpward />
      </IconButton>
      <IconButton aria-label={t('admin.deck.moveDown', { text })} disabled={index === count - 1} onClick={() => onMove(index, index + 1)}>
        <ArrowDownward />
      </IconButton>
      <IconButton aria-label={t('admin.deck.removeEntry', { text })} onClick={onRemove}>
        <RemoveCircleOutline />
      </IconButton>
    </ListItem>
  );
}
