// The admin's "delete this?" question, asked the same way for a deck and an entry: what goes, and
// Cancel or Delete (in the error colour).
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useT } from '../../i18n/I18nContext';

export function ConfirmDeleteDialog({ open, title, text, onCancel, onDelete }: { open: boolean; title: string; text: string; onCancel: () => void; onDelete: () => void }) {
  const t = useT();
  return (
    <Dialog open={open} onClose={onCancel}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('admin.cancel')}</Button>
        <Button color="error" onClick={onDelete}>
          {t('admin.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
