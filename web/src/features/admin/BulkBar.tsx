// The bulk edits of the admin entries list's selection: add to a deck, remove from a deck, delete;
// with progress, a result and its undo.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Deck, Entry } from '../../api/generated/types';
import { saveDeck, saveEntry } from '../../db/mutations';
import { useT } from '../../i18n/I18nContext';
import { readDeck, useDecksOfLanguage } from '../../db/read/decks';
import { addToDeck, removeFromDeck } from './entryFilters';

type BulkKind = 'add' | 'remove' | 'delete';

/** What the last bulk edit changed, to put back on undo. */
type Undo = { kind: 'deck'; deck: Deck } | { kind: 'entries'; entries: Entry[] };

/** The bulk edits of a selection, with progress, a result and its undo. */
export function BulkBar({ languageCode, selectedRows, count, onClear, onDeleted }: {
  languageCode: string;
  selectedRows: () => Entry[];
  count: number;
  onClear: () => void;
  onDeleted: () => void;
}) {
  const t = useT();
  const decks = useDecksOfLanguage(languageCode);
  const [dialog, setDialog] = useState<BulkKind | null>(null);
  const [deckId, setDeckId] = useState('');
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<{ message: string; undo: Undo | null } | null>(null);

  /** Writes rows one by one (each its own local transaction and outbox item), showing progress. */
  const saveAll = async (rows: Entry[], deleted: boolean) => {
    setProgress({ done: 0, total: rows.length });
    for (let i = 0; i < rows.length; i++) {
      await saveEntry({ ...rows[i]!, deleted });
      if (i % 25 === 24) setProgress({ done: i + 1, total: rows.length });
    }
    setProgress(null);
  };

  const run = async () => {
    const kind = dialog;
    setDialog(null);
    if (!kind) return;
    const rows = selectedRows();
    if (kind === 'delete') {
      await saveAll(rows, true);
      setResult({ message: t('admin.bulk.deleted', { count: rows.length }), undo: { kind: 'entries', entries: rows } });
      onDeleted();
      return;
    }
    const deck = await readDeck(deckId);
    if (!deck) return;
    if (kind === 'add') {
      const r = addToDeck(deck.entryIds, rows.map((e) => e.id));
      if (r.added > 0) await saveDeck({ ...deck, entryIds: r.entryIds });
      const message = t('admin.bulk.added', { count: r.added, deck: deck.title }) + (r.skipped > 0 ? ` ${t('admin.bulk.skipped', { count: r.skipped })}` : '');
      setResult({ message, undo: r.added > 0 ? { kind: 'deck', deck } : null });
    } else {
      const r = removeFromDeck(deck.entryIds, new Set(rows.map((e) => e.id)));
      if (r.removed > 0) await saveDeck({ ...deck, entryIds: r.entryIds });
      setResult({ message: t('admin.bulk.removed', { count: r.removed, deck: deck.title }), undo: r.removed > 0 ? { kind: 'deck', deck } : null });
    }
  };

  const undo = async (u: Undo) => {
    setResult(null);
    if (u.kind === 'deck') await saveDeck({ ...u.deck, deleted: false });
    else await saveAll(u.entries, false);
    setResult({ message: t('admin.undone'), undo: null });
  };

  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 2, position: 'sticky', top: 64, zIndex: 2 }} role="region" aria-label={t('admin.bulk.title')}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography sx={{ marginInlineEnd: 1 }}>{t('admin.bulk.selected', { count })}</Typography>
        <Button size="small" variant="outlined" onClick={() => setDialog('add')} disabled={!!progress}>
          {t('admin.bulk.add')}
        </Button>
        <Button size="small" variant="outlined" onClick={() => setDialog('remove')} disabled={!!progress}>
          {t('admin.bulk.remove')}
        </Button>
        <Button size="small" variant="outlined" color="error" onClick={() => setDialog('delete')} disabled={!!progress}>
          {t('admin.bulk.delete')}
        </Button>
        <Button size="small" onClick={onClear} disabled={!!progress}>
          {t('admin.bulk.clear')}
        </Button>
      </Stack>
      {progress && (
        <LinearProgress variant="determinate" value={(100 * progress.done) / Math.max(1, progress.total)} sx={{ mt: 1 }} aria-label={t('admin.bulk.progress', { done: progress.done, count: progress.total })} />
      )}
      {result && (
        <Alert
          severity="success"
          sx={{ mt: 1 }}
          onClose={() => setResult(null)}
          action={result.undo ? <Button color="inherit" size="small" onClick={() => void undo(result.undo!)}>{t('admin.undo')}</Button> : undefined}
        >
          {result.message}
        </Alert>
      )}
      <Dialog open={dialog !== null} onClose={() => setDialog(null)} fullWidth maxWidth="xs">
        <DialogTitle>{dialog === 'add' ? t('admin.bulk.add') : dialog === 'remove' ? t('admin.bulk.remove') : t('admin.bulk.delete')}</DialogTitle>
        <DialogContent>
          {dialog === 'delete' ? (
            <DialogContentText>{t('admin.bulk.deleteText', { count })}</DialogContentText>
          ) : (
            <TextField select fullWidth label={t('admin.bulk.deck')} value={deckId} onChange={(e) => setDeckId(e.target.value)} sx={{ mt: 1 }}>
              {(decks ?? []).map((d) => (
                <MenuItem key={d.id} value={d.id}>
                  {d.title}
                </MenuItem>
              ))}
            </TextField>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(null)}>{t('admin.cancel')}</Button>
          <Button onClick={() => void run()} disabled={dialog !== 'delete' && !deckId} color={dialog === 'delete' ? 'error' : 'primary'}>
            {t('admin.bulk.apply')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
