// What an import did, and the rows it refused, as the import dialog says them: which sentences
// apply (pure, table-tested), each a message key with its values, so the words are the locale
// files' and every figure is one the server answered (crates/writeit-core/src/import.rs).
import type { ImportDone, ImportRowProblem } from '../../api/generated/types';
import type { MessageKey, MessageParams } from '../../i18n/translate';

export interface Sentence {
  key: MessageKey;
  values: MessageParams;
}

/** The result in sentences: the deck made (or added to), then what became of the rows. */
export function resultSentences(done: ImportDone): Sentence[] {
  const title = done.deckTitle;
  const said: Sentence[] = [
    done.deckCreated
      ? { key: 'transfer.result.created', values: { count: done.deckEntries, title } }
      : { key: 'transfer.result.added', values: { count: done.added, title, total: done.deckEntries } },
  ];
  // "Created … with 3 entries" says they are new unless some were not.
  if (done.entries > 0 && (done.reused > 0 || !done.deckCreated)) said.push({ key: 'transfer.result.new', values: { count: done.entries } });
  if (done.reused > 0) said.push({ key: 'transfer.result.reused', values: { count: done.reused } });
  // Rows whose entry the deck listed already (or an earlier row's): they added nothing.
  const repeated = done.entries + done.reused - done.added;
  if (repeated > 0) said.push({ key: 'transfer.result.repeated', values: { count: repeated } });
  if (done.skipped > 0) said.push({ key: 'transfer.result.skipped', values: { count: done.skipped } });
  return said;
}

/** Why a row was refused, in the words of the entry editor's checks where they are the same. */
export function reasonOf(row: ImportRowProblem): Sentence {
  switch (row.reason) {
    case 'required':
      return { key: 'admin.validation.required', values: {} };
    case 'tooLong':
      return { key: 'admin.validation.tooLong', values: { max: row.limit ?? 0 } };
    case 'tooMany':
      return { key: 'admin.validation.tooMany', values: { max: row.limit ?? 0 } };
    case 'invalidFormat':
      // No field: the row's bytes are not UTF-8 text. The audio URL has its rule; any other field
      // refuses only NUL characters.
      if (row.field === null) return { key: 'transfer.reason.notText', values: {} };
      return { key: row.field === 'audioUrl' ? 'admin.validation.url' : 'admin.validation.nul', values: {} };
    default:
      return { key: 'transfer.reason.invalid', values: {} };
  }
}

/** One refused row: its line and column, and the reason (said first, then placed in it). The line
 * is given as the digits an editor shows (a number would be grouped, "12,002", or written in
 * another script's digits). */
export function rowSentence(row: ImportRowProblem): Sentence & { reason: Sentence } {
  const reason = reasonOf(row);
  const line = String(row.line);
  return row.column === null
    ? { key: 'transfer.row.line', values: { line }, reason }
    : { key: 'transfer.row.column', values: { line, column: row.column }, reason };
}
