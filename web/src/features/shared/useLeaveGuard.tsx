// The one way an editor keeps unsaved changes from being lost: while `dirty`, leaving inside the
// app asks first (Leave without saving / Keep editing), and closing or reloading the tab is the
// browser's own question. The holding itself is app/leaveGuard.ts.
import { useCallback, useContext, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { UNSAFE_NavigationContext } from 'react-router';
import { guardNavigation, passNextNavigation, type MovingNavigator } from '../../app/leaveGuard';
import { useT } from '../../i18n/I18nContext';

export interface LeaveGuard {
  /** The question, to render with the editor. */
  dialog: ReactNode;
  /** Call right before the editor's own navigation after a save or a delete: it goes unasked. */
  leaveFreely: () => void;
}

export function useLeaveGuard(dirty: boolean): LeaveGuard {
  const t = useT();
  const navigator = useContext(UNSAFE_NavigationContext).navigator as unknown as MovingNavigator;
  const dirtyRef = useRef(dirty);
  useLayoutEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);
  const [proceed, setProceed] = useState<(() => void) | null>(null);

  useEffect(
    () =>
      guardNavigation(navigator, {
        holds: () => dirtyRef.current,
        ask: (go) => setProceed(() => go),
      }),
    [navigator],
  );
  const leaveFreely = useCallback(() => passNextNavigation(navigator), [navigator]);

  const keep = () => setProceed(null);
  const leave = () => {
    const go = proceed;
    setProceed(null);
    go?.();
  };
  const dialog = (
    <Dialog open={proceed !== null} onClose={keep} aria-labelledby="leave-guard-title" aria-describedby="leave-guard-text">
      <DialogTitle id="leave-guard-title">{t('leave.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="leave-guard-text">{t('leave.text')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button color="error" onClick={leave}>
          {t('leave.leave')}
        </Button>
        <Button variant="contained" onClick={keep} autoFocus>
          {t('leave.keep')}
        </Button>
      </DialogActions>
    </Dialog>
  );
  return { dialog, leaveFreely };
}
