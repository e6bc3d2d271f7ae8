// A dialog asking for one value (the account section's new email, new password), closed when its
// submit settles.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useT } from '../../i18n/I18nContext';
import { MIN_PASSWORD } from './authForm';

/** A dialog asking for one value; closes when `onSubmit` settles. */
export function TextDialog(props: {
  title: string;
  label: string;
  type: 'email' | 'password';
  helper?: string;
  submit: string;
  onClose: () => void;
  onSubmit: (value: string) => Promise<void>;
}) {
  const t = useT();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (props.type === 'password' && value.length < MIN_PASSWORD) {
      setError(t('auth.error.password-does-not-meet-requirements'));
      return;
    }
    void props.onSubmit(value).finally(props.onClose);
  };
  return (
    <Dialog open onClose={props.onClose} aria-labelledby="text-dialog-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="text-dialog-title">{props.title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={props.label}
            type={props.type}
            autoComplete={props.type === 'password' ? 'new-password' : 'email'}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={!!error}
            helperText={error ?? props.helper}
            slotProps={{ htmlInput: { maxLength: props.type === 'password' ? 128 : 254 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{t('auth.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!value}>
            {props.submit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
