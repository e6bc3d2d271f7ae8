// The admin's entry form: every field of an entry (DESIGN §2), each problem shown next to its field;
// saving goes through saveEntry (local first, then the server); deleting asks first, and so does
// leaving with changes not saved. With it, the decks holding the entry.
import { useState, type FormEvent } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MuiLink from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link, useNavigate } from 'react-router';
import type { Entry } from '../../api/generated/types';
import { useDecksOfLanguageHolding } from '../../db/read/decks';
import { saveEntry } from '../../db/mutations';
import { contentInput } from '../../app/contentLine';
import { useT } from '../../i18n/I18nContext';
import { LIMITS, draftOf, emptyDraft, inputOf, sameDraft, validateDraft, type EntryDraft, type FormErrors } from './entryForm';
import { AudioUpload } from './AudioUpload';
import { serverUrl } from '../../api/client';
import { fieldMessage } from './entryForm';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';
import { useLeaveGuard } from '../shared/useLeaveGuard';

/** Every field of an entry in one form, each problem next to its field; save and delete. */
export function EntryForm({ id, languageCode, entry }: { id: string; languageCode: string; entry: Entry | null }) {
  const t = useT();
  const navigate = useNavigate();
  const [initial, setInitial] = useState<EntryDraft>(() => (entry ? draftOf(entry) : emptyDraft()));
  const [draft, setDraft] = useState<EntryDraft>(initial);
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const errors: FormErrors = validateDraft(draft);
  const dirty = !sameDraft(draft, initial);
  const guard = useLeaveGuard(dirty);
  const shown = (path: string) => (submitted || touched.has(path) ? errors[path] : undefined);
  const touch = (path: string) => () => setTouched((s) => (s.has(path) ? s : new Set(s).add(path)));
  const update = (patch: Partial<EntryDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setSaved(false);
  };
  const field = (path: keyof EntryDraft & ('text' | 'reading' | 'notes' | 'audioUrl'), max: number) => ({
    value: draft[path],
    onChange: (e: { target: { value: string } }) => update({ [path]: e.target.value }),
    onBlur: touch(path),
    error: !!shown(path),
    helperText: fieldMessage(t, shown(path)) ?? t('admin.validation.counter', { count: [...draft[path]].length, max }),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    try {
      const row = await saveEntry(inputOf(draft, id, languageCode));
      const next = draftOf(row);
      setInitial(next);
      setDraft(next);
      setSaved(true);
      setFailure(null);
      if (!entry) {
        guard.leaveFreely();
        void navigate(`/admin/${languageCode}/entries/${id}`, { replace: true });
      }
    } catch (err) {
      setFailure(String(err));
    }
  };

  const remove = async () => {
    if (!entry) return;
    await saveEntry({ ...entry, deleted: true });
    guard.leaveFreely();
    void navigate(`/admin/${languageCode}/entries`);
  };

  const setMeaning = (i: number, value: string) => update({ meanings: draft.meanings.map((m, j) => (j === i ? value : m)) });
  const setExample = (i: number, patch: Partial<{ text: string; translation: string }>) =>
    update({ examples: draft.examples.map((x, j) => (j === i ? { ...x, ...patch } : x)) });

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-label={t('admin.entry.form')}>
      <Stack spacing={3}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField label={t('admin.entry.text')} required fullWidth autoFocus={!entry} slotProps={{ htmlInput: contentInput(draft.text, languageCode) }} {...field('text', LIMITS.text)} />
          <TextField label={t('admin.entry.reading')} fullWidth slotProps={{ htmlInput: contentInput(draft.reading) }} {...field('reading', LIMITS.reading)} />
        </Stack>

        <Paper variant="outlined" component="fieldset" sx={{ p: 2, m: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
            {t('admin.entry.meanings')}
          </Typography>
          <Stack spacing={1.5}>
            {draft.meanings.map((m, i) => (
              <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  label={t('admin.entry.meaning', { index: i + 1 })}
                  fullWidth
                  size="small"
                  value={m}
                  onChange={(e) => setMeaning(i, e.target.value)}
                  onBlur={touch(`meanings.${i}`)}
                  error={!!shown(`meanings.${i}`)}
                  helperText={fieldMessage(t, shown(`meanings.${i}`))}
                  slotProps={{ htmlInput: contentInput(m) }}
                />
                <IconButton aria-label={t('admin.entry.removeMeaning', { index: i + 1 })} onClick={() => update({ meanings: draft.meanings.filter((_, j) => j !== i) })}>
                  <DeleteOutlined />
                </IconButton>
              </Stack>
            ))}
            {errors.meanings && <Alert severity="error">{fieldMessage(t, errors.meanings)}</Alert>}
            <Box>
              <Button startIcon={<AddIcon />} onClick={() => update({ meanings: [...draft.meanings, ''] })} disabled={draft.meanings.length >= LIMITS.meanings}>
                {t('admin.entry.addMeaning')}
              </Button>
            </Box>
          </Stack>
        </Paper>

        <TextField label={t('admin.entry.notes')} multiline minRows={3} fullWidth slotProps={{ htmlInput: contentInput(draft.notes) }} {...field('notes', LIMITS.notes)} />

        <Paper variant="outlined" component="fieldset" sx={{ p: 2, m: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
            {t('admin.entry.examples')}
          </Typography>
          <Stack spacing={2}>
            {draft.examples.length === 0 && <Typography color="text.secondary" variant="body2">{t('admin.entry.noExamples')}</Typography>}
            {draft.examples.map((x, i) => (
              <Stack key={i} direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'flex-start' } }}>
                <TextField
                  label={t('admin.entry.exampleText', { index: i + 1 })}
                  fullWidth
                  size="small"
                  value={x.text}
                  onChange={(e) => setExample(i, { text: e.target.value })}
                  onBlur={touch(`examples.${i}.text`)}
                  error={!!shown(`examples.${i}.text`)}
                  helperText={fieldMessage(t, shown(`examples.${i}.text`))}
                  slotProps={{ htmlInput: contentInput(x.text, languageCode) }}
                />
                <TextField
                  label={t('admin.entry.exampleTranslation', { index: i + 1 })}
                  fullWidth
                  size="small"
                  value={x.translation}
                  onChange={(e) => setExample(i, { translation: e.target.value })}
                  onBlur={touch(`examples.${i}.translation`)}
                  error={!!shown(`examples.${i}.translation`)}
                  helperText={fieldMessage(t, shown(`examples.${i}.translation`))}
                  slotProps={{ htmlInput: contentInput(x.translation) }}
                />
                <IconButton
                  aria-label={t('admin.entry.removeExample', { index: i + 1 })}
                  onClick={() => update({ examples: draft.examples.filter((_, j) => j !== i) })}
                  sx={{ alignSelf: { xs: 'flex-end', md: 'flex-start' } }}
                >
                  <DeleteOutlined />
                </IconButton>
              </Stack>
            ))}
            {errors.examples && <Alert severity="error">{fieldMessage(t, errors.examples)}</Alert>}
            <Box>
              <Button
                startIcon={<AddIcon />}
                onClick={() => update({ examples: [...draft.examples, { text: '', translation: '' }] })}
                disabled={draft.examples.length >= LIMITS.examples}
              >
                {t('admin.entry.addExample')}
              </Button>
            </Box>
          </Stack>
        </Paper>

        <Stack spacing={1}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField label={t('admin.entry.audioUrl')} fullWidth type="url" placeholder="https://…" slotProps={{ htmlInput: { dir: 'ltr' } }} {...field('audioUrl', LIMITS.url)} />
            {draft.audioUrl && !errors.audioUrl && <Box component="audio" controls src={serverUrl(draft.audioUrl.trim())} preload="none" sx={{ maxWidth: '100%' }} />}
          </Stack>
          <AudioUpload entryId={id} languageCode={languageCode} onUploaded={(url) => update({ audioUrl: url })} />
        </Stack>

        {failure && <Alert severity="error">{t('admin.saveFailed', { message: failure })}</Alert>}
        {submitted && Object.keys(errors).length > 0 && (
          <Alert severity="error" role="alert">
            {t('admin.validation.fix', { count: Object.keys(errors).length })}
          </Alert>
        )}
        <Typography role="status" aria-live="polite" variant="body2" color="text.secondary">
          {saved && !dirty ? t('admin.saved') : dirty ? t('admin.unsaved') : ''}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button type="submit" variant="contained" disabled={!dirty && !!entry}>
            {entry ? t('admin.save') : t('admin.create')}
          </Button>
          <Button onClick={() => setDraft(initial)} disabled={!dirty}>
            {t('admin.revert')}
          </Button>
          {entry && (
            <Button color="error" startIcon={<DeleteOutlined />} onClick={() => setConfirmDelete(true)} sx={{ marginInlineStart: 'auto !important' }}>
              {t('admin.delete')}
            </Button>
          )}
        </Stack>
        {entry && <EntryDecks entryId={entry.id} languageCode={languageCode} />}
      </Stack>
      <ConfirmDeleteDialog
        open={confirmDelete}
        title={t('admin.entry.deleteTitle')}
        text={t('admin.entry.deleteText', { text: entry?.text ?? '' })}
        onCancel={() => setConfirmDelete(false)}
        onDelete={() => void remove()}
      />
      {guard.dialog}
    </Box>
  );
}

/** The decks holding the entry, linked to their editors. */
export function EntryDecks({ entryId, languageCode }: { entryId: string; languageCode: string }) {
  const t = useT();
  const decks = useDecksOfLanguageHolding(languageCode, entryId);
  if (!decks) return null;
  return (
    <section aria-labelledby="admin-entry-decks">
      <Typography variant="h6" component="h2" id="admin-entry-decks">
        {t('admin.entry.inDecks')}
      </Typography>
      {decks.length === 0 ? (
        <Typography color="text.secondary">{t('admin.entry.inNoDeck')}</Typography>
      ) : (
        <Stack component="ul" sx={{ pl: 0, listStyle: 'none' }} spacing={0.5}>
          {decks.map((d) => (
            <li key={d.id}>
              <MuiLink component={Link} to={`/admin/${languageCode}/decks/${d.id}`}>
                {d.title}
              </MuiLink>
            </li>
          ))}
        </Stack>
      )}
    </section>
  );
}
