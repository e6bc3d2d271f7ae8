// A deck's title and description fields, as the new-deck dialog and the deck editor both ask
// for them: the server's limits checked beside each field, the text keeping its own direction.
import TextField from '@mui/material/TextField';
import { contentInput } from '../../app/contentLine';
import { useT } from '../../i18n/I18nContext';
import type { validateDeck } from './deckEdit';
import { fieldMessage } from './entryForm';

export function DeckFields({
  title,
  description,
  onTitle,
  onDescription,
  errors,
  showTitleError = true,
  autoFocus = false,
}: {
  title: string;
  description: string;
  onTitle: (value: string) => void;
  onDescription: (value: string) => void;
  errors: ReturnType<typeof validateDeck>;
  /** False until a first submit: an empty title is not an error before the form is sent. */
  showTitleError?: boolean;
  autoFocus?: boolean;
}) {
  const t = useT();
  return (
    <>
      <TextField
        label={t('admin.deck.title')}
        required
        autoFocus={autoFocus}
        value={title}
        onChange={(e) => onTitle(e.target.value)}
        error={showTitleError && !!errors.title}
        helperText={showTitleError ? fieldMessage(t, errors.title) : undefined}
        slotProps={{ htmlInput: contentInput(title) }}
      />
      <TextField
        label={t('admin.deck.description')}
        multiline
        minRows={2}
        value={description}
        onChange={(e) => onDescription(e.target.value)}
        error={!!errors.description}
        helperText={fieldMessage(t, errors.description)}
        slotProps={{ htmlInput: contentInput(description) }}
      />
    </>
  );
}
