// The entry editor's form as plain data: a draft of every field of DESIGN §2, its checks (the
// server's limits, crates/writeit-core/src/limits.rs and entity/entry.rs, so a message shows next
// to the field before the server would refuse the save) and the save input it becomes.
import { v7 as uuidv7 } from 'uuid';
import type { Entry, Example, SaveEntryInput } from '../../api/generated/types';
import type { TFunction } from '../../i18n/I18nContext';

/** Mirrors of crates/writeit-core/src/limits.rs (characters are code points, as in Rust). */
export const LIMITS = {
  text: 200,
  reading: 200,
  meanings: 20,
  meaning: 200,
  notes: 5000,
  examples: 20,
  exampleText: 500,
  url: 2048,
  title: 200,
  description: 2000,
  deckEntries: 10_000,
} as const;

export interface EntryDraft {
  text: string;
  reading: string;
  meanings: string[];
  notes: string;
  examples: Example[];
  audioUrl: string;
}

/** A problem with one field: a message key of `admin.validation.*` and its values. */
export interface FieldError {
  key: 'required' | 'tooLong' | 'tooMany' | 'url' | 'nul';
  max?: number;
}

/** Field path ('text', 'meanings.2', 'examples.0.translation') → its problem. */
export type FormErrors = Partial<Record<string, FieldError>>;

/** The message of a field problem, for the field's helper text. */
export function fieldMessage(t: TFunction, e: FieldError | undefined): string | undefined {
  if (!e) return undefined;
  return t(`admin.validation.${e.key}`, { max: e.max ?? 0 });
}

export const emptyDraft = (): EntryDraft => ({ text: '', reading: '', meanings: [''], notes: '', examples: [], audioUrl: '' });

export function draftOf(entry: Entry): EntryDraft {
  return {
    text: entry.text,
    reading: entry.reading,
    meanings: entry.meanings.length > 0 ? [...entry.meanings] : [''],
    notes: entry.notes,
    examples: entry.examples.map((e) => ({ ...e })),
    audioUrl: entry.audioUrl ?? '',
  };
}

const length = (s: string) => [...s].length;

function checkText(value: string, max: number, required: boolean): FieldError | undefined {
  if (required && value.trim() === '') return { key: 'required' };
  if (length(value) > max) return { key: 'tooLong', max };
  if (value.includes('\u0000')) return { key: 'nul' };
  return undefined;
}

/** Meanings and examples as they will be saved: rows left wholly blank are dropped. */
function kept(draft: EntryDraft) {
  return {
    meanings: draft.meanings.map((m, i) => [m, i] as const).filter(([m]) => m.trim() !== ''),
    examples: draft.examples.map((e, i) => [e, i] as const).filter(([e]) => e.text.trim() !== '' || e.translation.trim() !== ''),
  };
}

/** Every problem of the draft, by field path; empty when the server would accept it. */
export function validateDraft(draft: EntryDraft): FormErrors {
  const errors: FormErrors = {};
  const set = (path: string, e: FieldError | undefined) => {
    if (e) errors[path] = e;
  };
  set('text', checkText(draft.text, LIMITS.text, true));
  set('reading', checkText(draft.reading, LIMITS.reading, false));
  const { meanings, examples } = kept(draft);
  if (meanings.length > LIMITS.meanings) errors.meanings = { key: 'tooMany', max: LIMITS.meanings };
  for (const [m, i] of meanings) set(`meanings.${i}`, checkText(m, LIMITS.meaning, true));
  set('notes', checkText(draft.notes, LIMITS.notes, false));
  if (examples.length > LIMITS.examples) errors.examples = { key: 'tooMany', max: LIMITS.examples };
  for (const [e, i] of examples) {
    set(`examples.${i}.text`, checkText(e.text, LIMITS.exampleText, true));
    set(`examples.${i}.translation`, checkText(e.translation, LIMITS.exampleText, false));
  }
  const url = draft.audioUrl.trim();
  if (url) {
    if (length(url) > LIMITS.url) errors.audioUrl = { key: 'tooLong', max: LIMITS.url };
    else if (!isAudioUrl(url)) errors.audioUrl = { key: 'url' };
  }
  return errors;
}

/** writeit-core validate::audio_url's rule, the server's: a file this app serves
 * (`/media/<sha256>.<ext>`) or an `https://` URL with a plain host; nothing a browser could
 * resolve to another origin unexpectedly (`//host`, `/\host`, backslashes, spaces, user info). */
export function isAudioUrl(url: string): boolean {
  if (/[\\\s\p{Cc}]/u.test(url)) return false;
  if (url.startsWith('/media/')) return /^\/media\/[0-9a-f]{64}\.[a-z0-9]{1,5}$/.test(url);
  const m = /^https:\/\/([^/?#]*)/.exec(url);
  if (!m) return false;
  const hostPort = m[1] ?? '';
  const host = /^(.*):(\d+)$/.exec(hostPort)?.[1] ?? hostPort;
  return host !== '' && host.split('.').every((l) => /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/.test(l));
}

/** The saveEntry input of a valid draft (trimmed, blank rows dropped; no audio: null). */
export function inputOf(draft: EntryDraft, id: string, languageCode: string): SaveEntryInput & { id: string } {
  const { meanings, examples } = kept(draft);
  return {
    id,
    languageCode,
    text: draft.text.trim(),
    reading: draft.reading.trim(),
    meanings: meanings.map(([m]) => m.trim()),
    notes: draft.notes,
    examples: examples.map(([e]) => ({ text: e.text.trim(), translation: e.translation.trim() })),
    audioUrl: draft.audioUrl.trim() || null,
  };
}

/** Whether two drafts save the same entry (the editor's "unsaved changes"). */
export function sameDraft(a: EntryDraft, b: EntryDraft): boolean {
  return JSON.stringify(inputOf(a, '', '')) === JSON.stringify(inputOf(b, '', ''));
}

/** Where a new entry is written: a fresh id, the editor opened empty (`?new=1`). */
export function newEntryPath(languageCode: string): string {
  return `/admin/${languageCode}/entries/${uuidv7()}?new=1`;
}
