// The entry editor's "Attach a recording": the chosen file goes to POST /api/media/audio, which
// checks who may attach it and that it is audio, stores it and answers its /media URL; the URL
// then fills the form's audio field (saved with the entry, like any other field).
import { useRef, useState } from 'react';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useT, type TFunction } from '../../i18n/I18nContext';
import { AUDIO_BYTES_MAX, TransferError, uploadAudio } from '../importExport/transfer';

/** The learner-facing reason a recording was not attached. */
export function uploadFailure(t: TFunction, e: unknown): string {
  const mib = AUDIO_BYTES_MAX / (1024 * 1024);
  if (e instanceof TransferError) {
    if (e.message === 'network') return t('admin.entry.audioFailed', { message: t('transfer.network') });
    if (e.status === 413) return t('admin.entry.audioTooLarge', { mib });
    if (e.status === 415) return t('admin.entry.audioNotAudio');
    if (e.status === 401 || e.status === 403) return t('admin.entry.audioForbidden');
    if (e.status === 400 && /empty/.test(e.message)) return t('admin.entry.audioEmpty');
  }
  return t('admin.entry.audioFailed', { message: e instanceof Error ? e.message : String(e) });
}

export function AudioUpload({ entryId, languageCode, onUploaded }: { entryId: string; languageCode: string; onUploaded: (url: string) => void }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<{ busy: boolean; error: string | null; done: boolean }>({ busy: false, error: null, done: false });
  const send = async (file: File) => {
    // What the server would refuse anyway, said before sending megabytes.
    if (file.size === 0) return setState({ busy: false, error: t('admin.entry.audioEmpty'), done: false });
    if (file.size > AUDIO_BYTES_MAX) return setState({ busy: false, error: t('admin.entry.audioTooLarge', { mib: AUDIO_BYTES_MAX / (1024 * 1024) }), done: false });
    setState({ busy: true, error: null, done: false });
    try {
      onUploaded(await uploadAudio(file, entryId, languageCode));
      setState({ busy: false, error: null, done: true });
    } catch (e) {
      setState({ busy: false, error: uploadFailure(t, e), done: false });
    }
  };
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <input ref={input} type="file" accept="audio/*,.mp3,.ogg,.oga,.opus,.wav,.m4a,.mp4,.webm,.flac" hidden data-testid="audio-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void send(file);
        }} />
      <Button variant="outlined" startIcon={state.busy ? <CircularProgress size={18} /> : <UploadFileOutlined />} disabled={state.busy}
        onClick={() => input.current?.click()}>
        {t('admin.entry.attachAudio')}
      </Button>
      <div role="status" aria-live="polite">
        {state.done && <Alert severity="success">{t('admin.entry.audioAttached')}</Alert>}
      </div>
      {state.error && <Alert severity="error" role="alert">{state.error}</Alert>}
    </Stack>
  );
}
