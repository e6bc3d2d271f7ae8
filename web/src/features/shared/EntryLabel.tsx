// A list row's label for an entry.
import type { Entry } from '../../api/generated/types';

/** An entry's text, and its reading when that differs, each in its own direction (a list row's
 * label: an Arabic word with a Latin reading keeps both in order in either page direction). */
export function EntryLabel({ entry }: { entry: Pick<Entry, 'text' | 'reading'> }) {
  return entry.reading && entry.reading !== entry.text ? (
    <>
      <bdi>{entry.text}</bdi> · <bdi>{entry.reading}</bdi>
    </>
  ) : (
    <bdi>{entry.text}</bdi>
  );
}
