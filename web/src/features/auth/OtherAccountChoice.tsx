// Signing in as another account while the account whose session ended here still has changes to
// send (issue 37): the learner chooses to sign in as that account instead (the changes wait) or
// to delete them and go on. The auth store asks through `chooseForOtherAccount` and waits for the
// answer; this is the question.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useCallback, useState, type ReactNode } from 'react';
import { useT } from '../../i18n/I18nContext';
import type { OtherAccountChanges } from '../../session/auth';

interface Question extends OtherAccountChanges {
  answer: (discard: boolean) => void;
}

/** `ask` for SignInOptions.chooseForOtherAccount, and the dialog to render while it waits. */
export function useOtherAccountChoice(): { ask: (changes: OtherAccountChanges) => Promise<boolean>; dialog: ReactNode } {
  const t = useT();
  const [question, setQuestion] = useState<Question | null>(null);
  const ask = useCallback(
    (changes: OtherAccountChanges) =>
      new Promise<boolean>((resolve) => {
        setQuestion({
          ...changes,
          answer: (discard) => {
            setQuestion(null);
            resolve(discard);
          },
        });
      }),
    [],
  );
  const email = question?.email || t('auth.ended.anotherAccount');
  const dialog = question && (
    <Dialog open onClose={() => question.answer(false)} aria-labelledby="other-account-title" aria-describedby="other-account-text">
      <DialogTitle id="other-account-title">{t('auth.ended.otherTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="other-account-text">{t('auth.ended.otherText', { count: question.unsent, email })}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button autoFocus variant="contained" onClick={() => question.answer(false)}>
          {t('auth.ended.otherKeep', { email })}
        </Button>
        <Button color="error" onClick={() => question.answer(true)}>
          {t('auth.ended.otherDiscard', { count: question.unsent })}
        </Button>
      </DialogActions>
    </Dialog>
  );
  return { ask, dialog };
}
