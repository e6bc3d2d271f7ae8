// A writing card in a review (/decks/{deckId}/review, and the writing session ?cards=writing):
// prompted by the entry's meaning, answered on an inline canvas (WritingPad) and graded from the
// handwriting (grading.ts). A new card teaches first (watch, trace, then from memory: lesson.ts);
// only the memory stage's grade is handed over. The review records it through the one answer
// path; once it is stored, Next (or Enter) goes on to the next card.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useRef, type ReactNode } from 'react';
import type { Entry } from '../../api/generated/types';
import { useI18n } from '../../i18n/I18nContext';
import { WritingPad, type WritingGrade } from './WritingPad';

/** A written card's answer: its grade, and whether it is stored yet. */
export interface WrittenAnswer {
  grade: WritingGrade;
  status: 'saving' | 'saved' | 'failed';
}

export function WritingCard({
  entry,
  teach,
  prompt,
  attempt,
  written,
  onWritten,
  onSaveAgain,
  onNext,
}: {
  entry: Entry;
  /** A new card: taught (watched, traced) before it is written from memory. */
  teach: boolean;
  /** What to write (the card's prompt), placed by the pad. */
  prompt: ReactNode;
  /** Changes when the card is to be written again from the start (a new canvas). */
  attempt: string;
  /** The answer once the entry is written (null while writing). */
  written: WrittenAnswer | null;
  onWritten: (grade: WritingGrade) => void;
  onSaveAgain: () => void;
  onNext: () => void;
}) {
  const { t } = useI18n();
  const next = useRef<HTMLButtonElement>(null);
  const saved = written?.status === 'saved';
  // Stored: the way on takes the focus, so Enter (or a tap) goes to the next card.
  useEffect(() => {
    if (saved) next.current?.focus({ preventScroll: true });
  }, [saved]);
  const actions = (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      {written?.status === 'failed' && (
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={onSaveAgain}>{t('review.saveAgain')}</Button>}>
          {t('review.saveFailed')}
        </Alert>
      )}
      <Button ref={next} variant="contained" size="large" onClick={onNext} disabled={!saved} aria-keyshortcuts="Enter" data-testid="writing-next" data-next-control="">
        {t('review.next')}
      </Button>
    </Stack>
  );
  return (
    <Box sx={{ textAlign: 'start' }}>
      <WritingPad key={attempt} entry={entry} practice="recall" teach={teach} prompt={prompt} onFinished={onWritten} actions={actions} />
    </Box>
  );
}
