// Importing entries in the admin area: choose a CSV, TSV or Anki file, see its first rows, map its
// columns (or note fields) onto entry fields, pick a new or existing deck, and import with
// progress shown. A failed import changes nothing (the server saves in one transaction) and lists
// every refused row by its line; a finished one says what it made (importWords.ts).
import Box from '@mui/material/Box';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import type { Deck } from '../../api/generated/types';
import { syncAfter } from '../../app/syncBridge';
import { useT } from '../../i18n/I18nContext';
import { useLanguageName } from '../../app/languages';
import { resultSentences, rowSentence } from './importWords';
import { MAPPED_FIELDS, importFile, previewFile, TransferError, type ImportDone, type ImportRowProblem, type Mapping, type Preview, type Progress } from './transfer';

/** The rows of the preview shown (the server sends up to 20). */
const PREVIEW_ROWS = 5;

function message(e: unknown, t: ReturnType<typeof useT>): string {
  if (e instanceof TransferError && e.message === 'network') return t('transfer.network');
  return e instanceof Error ? e.message : String(e);
}

/** Why nothing was imported: a message, or the refused rows (up to the server's cap) and how many
 * more there were. */
interface Failure {
  message: string;
  rows: readonly ImportRowProblem[];
  moreRows: number;
}

function failureOf(e: unknown, t: ReturnType<typeof useT>): Failure {
  const rows = e instanceof TransferError ? e.rows : [];
  return { message: message(e, t), rows, moreRows: e instanceof TransferError ? e.moreRows : 0 };
}

/** The refused rows, each by its line and column, in a list that scrolls when long. */
function RefusedRows({ failure }: { failure: Failure }) {
  const t = useT();
  return (
    <>
      {t('transfer.refused', { count: failure.rows.length + failure.moreRows })}
      <Box component="ul" aria-label={t('transfer.refusedList')} sx={{ maxHeight: 240, overflowY: 'auto', my: 1, pl: 3 }}>
        {failure.rows.map((row) => {
          const s = rowSentence(row);
          return <li key={row.line}>{t(s.key, { ...s.values, reason: t(s.reason.key, s.reason.values) })}</li>;
        })}
      </Box>
      {failure.moreRows > 0 && t('transfer.refusedMore', { count: failure.moreRows })}
    </>
  );
}

export function ImportDialog({ languageCode, decks, onClose }: { languageCode: string; decks: readonly Deck[]; onClose: () => void }) {
  const t = useT();
  const language = useLanguageName(languageCode);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [mapping, setMapping] = useState<Mapping | null>(null);
  const [target, setTarget] = useState<'new' | 'existing'>('new');
  const [title, setTitle] = useState('');
  const [deckId, setDeckId] = useState('');
  // On by default: importing a list twice, or one that overlaps the language's words, should
  // not make duplicates.
  const [reuseExisting, setReuseExisting] = useState(true);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Failure | null>(null);
  const [done, setDone] = useState<ImportDone | null>(null);
  // The outcome shows at the top of a dialog that may be scrolled to its Import button (a phone):
  // brought into view when it comes.
  const outcome = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error || done) outcome.current?.scrollIntoView?.({ block: 'nearest' });
  }, [error, done]);

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    e.target.value = '';
    if (!chosen) return;
    setFile(chosen);
    setPreview(null);
    setError(null);
    setDone(null);
    setTitle(chosen.name.replace(/\.[^.]+$/, ''));
    setBusy(true);
    try {
      const p = await previewFile(chosen, languageCode);
      setPreview(p);
      setMapping(p.suggested);
    } catch (err) {
      setError(failureOf(err, t));
    } finally {
      setBusy(false);
    }
  };

  const run = async () => {
    if (!file || !mapping) return;
    setBusy(true);
    setError(null);
    setProgress(null);
    try {
      const result = await importFile(
        file,
        target === 'new' ? { languageCode, mapping, reuseExisting, title: title.trim() } : { languageCode, mapping, reuseExisting, deckId },
        setProgress,
      );
      setDone(result);
      // The new rows reach this device with a sync that starts after the import (not one that
      // was already running when it finished).
      void syncAfter();
    } catch (err) {
      setError(failureOf(err, t));
    } finally {
      setBusy(false);
    }
  };

  // CSV mappings name columns by position; Anki ones by field name.
  const options = preview
    ? preview.format === 'apkg'
      ? [...new Set(preview.noteTypes?.flatMap((n) => n.fields) ?? preview.headers)].map((f) => ({ value: f, label: f }))
      : preview.headers.map((h, i) => ({ value: i, label: h || t('transfer.column', { n: i + 1 }) }))
    : [];
  const rows = progress && 'rows' in progress ? progress.rows : 0;
  const ready = !!preview && !!mapping && mapping.text !== null && (target === 'new' ? title.trim() !== '' : deckId !== '');

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="import-title" fullWidth maxWidth="md">
      <DialogTitle id="import-title">{t('transfer.importTitle', { language })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2">{t('transfer.intro')}</Typography>
          <Button component="label" variant="outlined" sx={{ alignSelf: 'flex-start' }} disabled={busy}>
            {file ? t('transfer.otherFile', { name: file.name }) : t('transfer.chooseFile')}
            <input type="file" hidden accept=".csv,.tsv,.tab,.txt,.apkg,text/csv,text/tab-separated-values" onChange={(e) => void choose(e)} data-testid="import-file" />
          </Button>
          {error && (
            <Alert severity="error" role="alert" ref={outcome}>
              {error.rows.length > 0 ? <RefusedRows failure={error} /> : t('transfer.failed', { reason: error.message })}
            </Alert>
          )}
          {preview && mapping && !done && (
            <>
              <Typography>
                {t('transfer.previewOf', { count: preview.totalRows, format: preview.format.toUpperCase() })}
              </Typography>
              {preview.warnings.map((w) => (
                <Alert key={w} severity="warning">
                  {w}
                </Alert>
              ))}
              <Table size="small" aria-label={t('transfer.preview')}>
                <TableHead>
                  <TableRow>
                    {preview.headers.map((h, i) => (
                      <TableCell key={i}>{h || t('transfer.column', { n: i + 1 })}</TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {preview.rows.slice(0, PREVIEW_ROWS).map((r, i) => (
                    <TableRow key={i}>
                      {r.map((c, k) => (
                        <TableCell key={k} lang={languageCode} sx={{ maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                          {c}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <Typography variant="subtitle2" component="h3">
                {t('transfer.mapping')}
              </Typography>
              <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }} useFlexGap>
                {MAPPED_FIELDS.map((field) => (
                  <TextField
                    key={field}
                    select
                    size="small"
                    label={t(`transfer.field.${field}`)}
                    value={mapping[field] === null ? '' : String(mapping[field])}
                    onChange={(e) => {
                      const raw = e.target.value;
                      const picked = options.find((o) => String(o.value) === raw)?.value ?? null;
                      setMapping({ ...mapping, [field]: picked });
                    }}
                    error={field === 'text' && mapping.text === null}
                    helperText={field === 'text' && mapping.text === null ? t('transfer.textRequired') : undefined}
                    sx={{ minWidth: 160 }}
                  >
                    <MenuItem value="">{t('transfer.notImported')}</MenuItem>
                    {options.map((o) => (
                      <MenuItem key={String(o.value)} value={String(o.value)}>
                        {o.label}
                      </MenuItem>
                    ))}
                  </TextField>
                ))}
              </Stack>
              <RadioGroup row value={target} onChange={(e) => setTarget(e.target.value as 'new' | 'existing')} aria-label={t('transfer.into')}>
                <FormControlLabel value="new" control={<Radio />} label={t('transfer.newDeck')} />
                <FormControlLabel value="existing" control={<Radio />} label={t('transfer.existingDeck')} disabled={decks.length === 0} />
              </RadioGroup>
              {target === 'new' ? (
                <TextField label={t('transfer.deckTitle')} value={title} onChange={(e) => setTitle(e.target.value)} slotProps={{ htmlInput: { maxLength: 200 } }} />
              ) : (
                <TextField select label={t('transfer.deck')} value={deckId} onChange={(e) => setDeckId(e.target.value)}>
                  {decks.map((d) => (
                    <MenuItem key={d.id} value={d.id}>
                      {d.title}
                    </MenuItem>
                  ))}
                </TextField>
              )}
              <FormControlLabel
                control={<Checkbox checked={reuseExisting} onChange={(e) => setReuseExisting(e.target.checked)} />}
                label={t('transfer.reuseExisting')}
              />
            </>
          )}
          {busy && (
            <Stack spacing={1} role="status" aria-live="polite">
              <LinearProgress
                variant={preview && rows > 0 ? 'determinate' : 'indeterminate'}
                value={preview && preview.totalRows > 0 ? Math.min(100, (rows / preview.totalRows) * 100) : 0}
                aria-label={t('transfer.progress')}
              />
              <Typography variant="body2">
                {progress === null
                  ? t('transfer.working')
                  : progress.phase === 'upload'
                    ? t('transfer.uploading', { kib: Math.round(progress.bytes / 1024) })
                    : progress.phase === 'parse'
                      ? t('transfer.reading', { rows: progress.rows })
                      : t('transfer.saving', { rows: progress.rows })}
              </Typography>
            </Stack>
          )}
          {done && (
            <Alert severity="success" role="status" ref={outcome} action={
                <Button component={Link} to={`/admin/${languageCode}/decks/${done.deckId}`} onClick={onClose}>
                  {t('transfer.openDeck')}
                </Button>
              }>
              {resultSentences(done)
                .map((s) => t(s.key, s.values))
                .join(' ')}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {done ? t('transfer.close') : t('auth.cancel')}
        </Button>
        {!done && (
          <Button variant="contained" onClick={() => void run()} disabled={!ready || busy}>
            {t('transfer.import')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** Buttons downloading a deck as CSV and as an Anki package. */
export function ExportButtons({ deckId }: { deckId: string }) {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const run = (format: 'csv' | 'apkg') => {
    setError(null);
    void import('./transfer').then((m) => m.exportDeck(deckId, format)).catch((e: unknown) => setError(message(e, t)));
  };
  return (
    <>
      <Button onClick={() => run('csv')}>{t('transfer.exportCsv')}</Button>
      <Button onClick={() => run('apkg')}>{t('transfer.exportAnki')}</Button>
      {error && (
        <Alert severity="error" role="alert" onClose={() => setError(null)}>
          {t('transfer.failed', { reason: error })}
        </Alert>
      )}
    </>
  );
}
