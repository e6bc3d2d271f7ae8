// The dialog creating a deck on /admin/{languageCode}/decks: title and description first, then the
// deck's editor opens.
import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useNavigate } from 'react-router';
import { v7 as uuidv7 } from 'uuid';
import { saveDeck } from '../../db/mutations';
import { useT } from '../../i18n/I18nContext';
import { validateDeck } from './deckEdit';
import { DeckFields } from './DeckFields';
import { LIMITS } from './entryForm';

/** The dialog creating a deck: its title and description, then its editor opens. */
export function NewDeckDialog({ open, onClose, languageCode, position }: { open: boolean; onClose: () => void; languageCode: string; position: number }) {
  const t = useT();
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const errors = validateDeck({ title, description }, LIMITS);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (errors.title || errors.description) return;
    const deck = await saveDeck({ id: uuidv7(), languageCode, title: title.trim(), description, entryIds: [], position });
    void navigate(`/admin/${languageCode}/decks/${deck.id}`);
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <form noValidate onSubmit={(e) => void submit(e)} aria-label={t('admin.deck.new')}>
        <DialogTitle>{t('admin.deck.new')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <DeckFields
              title={title}
              description={description}
              onTitle={setTitle}
              onDescription={setDescription}
              errors={errors}
              showTitleError={submitted}
              autoFocus
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('admin.cancel')}</Button>
          <Button type="submit" variant="contained">
            {t('admin.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
