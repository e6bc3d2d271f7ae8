// A deck or an entry this device does not hold (a link shared from another device, a deck of a
// language not studied here): the server says its language, and the page offers to add that
// language as Settings › Languages does (kept offline), then shows the row as soon as it arrives
// (the page reads it live). Guests too: the rows are public. What to show is notOnDevice.ts.
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useLanguageName } from '../../app/languages';
import { keepLanguageOffline, locateContent, syncAfter } from '../../app/syncBridge';
import { useLanguageDownload } from '../../db/read/firstSync';
import { useT } from '../../i18n/I18nContext';
import { LanguageDownloading } from './LanguageDownloading';
import { offerFor, type Lookup } from './notOnDevice';
import { usePageTitle } from './usePageTitle';

export default function NotOnDevice({ kind, id }: { kind: 'deck' | 'entry'; id: string }) {
  const t = useT();
  const [lookup, setLookup] = useState<Lookup>({ status: 'looking' });
  const [attempt, setAttempt] = useState(0);
  const [adding, setAdding] = useState<'idle' | 'busy' | 'failed'>('idle');
  useEffect(() => {
    let live = true;
    locateContent(kind, id).then(
      (language) => live && setLookup({ status: 'found', language }),
      () => live && setLookup({ status: 'unreachable' }),
    );
    return () => {
      live = false;
    };
  }, [kind, id, attempt]);
  const code = lookup.status === 'found' ? (lookup.language ?? '') : '';
  const language = useLanguageName(code);
  const offer = offerFor(lookup, useLanguageDownload(code));
  // Its language is here whole: the row was saved after this device's last sync.
  useEffect(() => {
    if (offer === 'syncing') void syncAfter().catch(() => undefined);
  }, [offer]);

  const title =
    offer === 'add' || offer === 'downloading' || offer === 'waiting'
      ? t(kind === 'deck' ? 'notHere.deckIn' : 'notHere.entryIn', { language })
      : t(`missing.${kind}`);
  usePageTitle(title);
  if (offer === 'looking') return null;

  const add = async () => {
    setAdding('busy');
    try {
      await keepLanguageOffline(code, true);
      setAdding('idle');
    } catch {
      setAdding('failed');
    }
  };
  const heading = (
    <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
      {title}
    </Typography>
  );
  if (offer === 'downloading' || offer === 'waiting') {
    return (
      <Stack spacing={1} sx={{ my: 2 }} data-not-on-device={offer}>
        {heading}
        <LanguageDownloading code={code} state={offer} />
      </Stack>
    );
  }
  if (offer === 'add') {
    return (
      <Paper variant="outlined" sx={{ my: 2, p: { xs: 2, sm: 3 } }} data-not-on-device="add">
        <Stack spacing={2}>
          {heading}
          <Typography color="text.secondary">{t(kind === 'deck' ? 'notHere.addDeck' : 'notHere.addEntry', { language })}</Typography>
          {adding === 'failed' && <Alert severity="error">{t('notHere.addFailed', { language })}</Alert>}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Button variant="contained" disabled={adding === 'busy'} onClick={() => void add()}>
              {t('notHere.add', { language })}
            </Button>
            <Button component={Link} to={kind === 'deck' ? '/decks' : '/entries'}>
              {t(kind === 'deck' ? 'notHere.otherDecks' : 'notHere.otherEntries')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    );
  }
  return (
    <Alert
      severity="info"
      sx={{ my: 2 }}
      data-not-on-device={offer}
      action={
        offer === 'unreachable' ? (
          <Button color="inherit" size="small" onClick={() => setAttempt((n) => n + 1)}>
            {t('notHere.retry')}
          </Button>
        ) : undefined
      }
    >
      <Typography component="h1" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {offer === 'unreachable' ? t('notHere.offline') : offer === 'gone' ? t('notHere.gone') : t('missing.hint')}
    </Alert>
  );
}
