// The changes the server refused (held in the outbox, undone on this device): what each
// was, why in plain words (db/refusal.ts; never the server's own message) and when it was made,
// with "Try again" and "Discard". Shown in the settings' data section while there are any, so a
// refused change is never lost unseen; the sync indicator links here (#refused-changes).
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { refusedWhat, refusedWhy } from '../../db/refusal';
import { discardRefused, refusedChanges, retryRefused, type RefusedChange } from '../../app/syncBridge';
import { REFUSED_LIST_ID } from '../../app/layout/SyncIndicatorLabel';
import { useI18n } from '../../i18n/I18nContext';

/** The list; `count` is the sync state's number of refused changes (it reloads when that moves). */
export function RefusedChanges({ count }: { count: number }) {
  const { t, formatDateTime } = useI18n();
  const [items, setItems] = useState<readonly RefusedChange[]>([]);
  const [busy, setBusy] = useState<number | null>(null);
  const { hash, key } = useLocation();
  useEffect(() => {
    let live = true;
    void refusedChanges().then((list) => {
      if (live) setItems(list);
    });
    return () => {
      live = false;
    };
  }, [count]);
  const shown = count > 0 && items.length > 0;
  useEffect(() => {
    if (!shown || hash !== `#${REFUSED_LIST_ID}`) return;
    // A task later: the root layout scrolls a newly opened page to its top after this effect.
    const timer = setTimeout(() => document.getElementById(REFUSED_LIST_ID)?.scrollIntoView({ block: 'start' }));
    return () => clearTimeout(timer);
  }, [shown, hash, key]);
  if (!shown) return null;
  const act = async (seq: number, action: (seq: number) => Promise<void>) => {
    setBusy(seq);
    try {
      await action(seq);
      setItems(await refusedChanges());
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack id={REFUSED_LIST_ID} spacing={1} component="section" aria-labelledby="refused-title" sx={{ alignSelf: 'stretch' }}>
      <Typography variant="subtitle1" component="h3" id="refused-title" color="error">
        {t('refused.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('refused.help')}
      </Typography>
      <List dense disablePadding>
        {items.map((item) => {
          const whatMsg = refusedWhat(item.procedure, item.name);
          const what = t(whatMsg.key, whatMsg.params);
          const why = refusedWhy(item.refusal, t)
            .map((m) => t(m.key, m.params))
            .join(' ');
          return (
            <ListItem key={item.seq} disableGutters divider sx={{ display: 'block' }}>
              <ListItemText primary={what} secondary={t('lists.pair', { first: why, second: formatDateTime(item.queuedAt) })} />
              <Stack direction="row" spacing={1}>
                <Button
                  size="small"
                  disabled={busy !== null}
                  onClick={() => void act(item.seq, retryRefused)}
                  aria-label={t('lists.labelValue', { label: t('refused.retry'), value: what })}
                >
                  {t('refused.retry')}
                </Button>
                <Button
                  size="small"
                  color="error"
                  disabled={busy !== null}
                  onClick={() => void act(item.seq, discardRefused)}
                  aria-label={t('lists.labelValue', { label: t('refused.discard'), value: what })}
                >
                  {t('refused.discard')}
                </Button>
              </Stack>
            </ListItem>
          );
        })}
      </List>
    </Stack>
  );
}
