// The changes the server refused (kept aside in the outbox, undone on this device): what each
// was, the server's reason and when it was made, with "Try again" and "Discard". Shown in the
// settings' data section while there are any, so a refused change is never lost unseen.
import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RefusedChange } from '../../db/outbox';
import { discardRefused, refusedChanges, retryRefused } from '../../app/syncBridge';
import { useI18n } from '../../i18n/I18nContext';
import type { MessageKey } from '../../i18n/translate';

const KINDS: Record<string, MessageKey> = {
  saveUserReview: 'refused.saveUserReview',
  saveUserEntry: 'refused.saveUserEntry',
  saveUserDeck: 'refused.saveUserDeck',
  saveDeck: 'refused.saveDeck',
  saveEntry: 'refused.saveEntry',
  saveCharacter: 'refused.saveCharacter',
};

/** The list; `count` is the sync state's number of refused changes (it reloads when that moves). */
export function RefusedChanges({ count }: { count: number }) {
  const { t, formatDateTime } = useI18n();
  const [items, setItems] = useState<readonly RefusedChange[]>([]);
  const [busy, setBusy] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    void refusedChanges().then((list) => {
      if (live) setItems(list);
    });
    return () => {
      live = false;
    };
  }, [count]);
  if (count === 0 || items.length === 0) return null;
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
    <Stack spacing={1} component="section" aria-labelledby="refused-title" sx={{ alignSelf: 'stretch' }}>
      <Typography variant="subtitle1" component="h3" id="refused-title" color="error">
        {t('refused.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('refused.help')}
      </Typography>
      <List dense disablePadding>
        {items.map((item) => {
          const kind = KINDS[item.procedure];
          const what = kind ? t(kind, { name: item.name }) : item.procedure;
          return (
            <ListItem key={item.seq} disableGutters divider sx={{ display: 'block' }}>
              <ListItemText
                primary={what}
                secondary={t('lists.pair', { first: item.error, second: formatDateTime(item.queuedAt) })}
              />
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
