// The import and export endpoints (docs/import.md) from the client: a preview of a file with the
// suggested mapping, the import itself read as a stream of NDJSON progress lines, and deck
// downloads, and an entry's recording attached by hand. Calls carry the ID token like every RPC
// call.
import { apiUrl } from '../../api/client';
import type { ImportDone, ImportRowProblem } from '../../api/generated/types';
import { loadAuth } from '../../session/authBridge';

export type { ImportDone, ImportRowProblem };

/** Entry fields a file's columns (or Anki fields) map onto. */
export const MAPPED_FIELDS = ['text', 'reading', 'meanings', 'notes', 'examples', 'audioUrl'] as const;
export type MappedField = (typeof MAPPED_FIELDS)[number];
/** A column position (CSV), a column or field name, or null (not imported). */
export type Mapping = Record<MappedField, number | string | null>;

export interface Preview {
  format: 'csv' | 'tsv' | 'apkg';
  delimiter?: string;
  headers: string[];
  rows: string[][];
  totalRows: number;
  suggested: Mapping;
  noteTypes?: { name: string; fields: string[]; notes: number }[];
  warnings: string[];
}

export type Progress = { phase: 'upload'; bytes: number } | { phase: 'parse' | 'save'; rows: number };

/** A refusal from the server, with its readable message and HTTP status ('network': none came);
 * for an import whose rows were refused, each of them by its line (up to the server's cap) and how
 * many more there were. */
export class TransferError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly rows: readonly ImportRowProblem[] = [],
    readonly moreRows = 0,
  ) {
    super(message);
  }
}

/** `/api/trpc` → `/api` (or the full host's). */
export function apiBase(trpcUrl = apiUrl()): string {
  return trpcUrl.replace(/\/trpc\/?$/, '');
}

async function authHeaders(): Promise<Record<string, string>> {
  const token = await (await loadAuth()).getIdToken();
  return { Authorization: `Bearer ${token ?? ''}` };
}

/** The message of an error answer (tRPC's shape), else the status. */
async function errorOf(res: Response): Promise<TransferError> {
  try {
    const body = (await res.json()) as { error?: { message?: string } };
    if (body.error?.message) return new TransferError(body.error.message, res.status);
  } catch {
    // not JSON
  }
  return new TransferError(`HTTP ${res.status}`, res.status);
}

function formatOf(file: File): string | undefined {
  const name = file.name.toLowerCase();
  if (name.endsWith('.apkg')) return 'apkg';
  if (name.endsWith('.tsv') || name.endsWith('.tab')) return 'tsv';
  if (name.endsWith('.csv')) return 'csv';
  return undefined;
}

/** The first rows of a file and the suggested mapping. */
export async function previewFile(file: File, languageCode: string): Promise<Preview> {
  const q = new URLSearchParams({ languageCode });
  const format = formatOf(file);
  if (format) q.set('format', format);
  let res: Response;
  try {
    res = await fetch(`${apiBase()}/import/preview?${q}`, { method: 'POST', headers: await authHeaders(), body: file });
  } catch {
    throw new TransferError('network');
  }
  if (!res.ok) throw await errorOf(res);
  return (await res.json()) as Preview;
}

/** Splits a stream of NDJSON into its objects, calling `onLine` for each. */
export async function readNdjson(body: ReadableStream<Uint8Array>, onLine: (value: unknown) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    buffered += decoder.decode(value ?? new Uint8Array(), { stream: !done });
    let nl = buffered.indexOf('\n');
    while (nl >= 0) {
      const line = buffered.slice(0, nl).trim();
      buffered = buffered.slice(nl + 1);
      if (line) onLine(JSON.parse(line));
      nl = buffered.indexOf('\n');
    }
    if (done) break;
  }
  if (buffered.trim()) onLine(JSON.parse(buffered));
}

/** Imports a file into a new deck (`title`) or an existing one (`deckId`); progress as it goes.
 * The last line decides (an error can follow a 200 once streaming began): nothing is written
 * unless it says done. */
export async function importFile(
  file: File,
  target: { languageCode: string; mapping: Mapping; reuseExisting?: boolean } & ({ title: string; description?: string } | { deckId: string }),
  onProgress: (p: Progress) => void,
): Promise<ImportDone> {
  const q = new URLSearchParams({ languageCode: target.languageCode, mapping: JSON.stringify(target.mapping) });
  if (target.reuseExisting) q.set('duplicates', 'reuse');
  if ('deckId' in target) q.set('deck', target.deckId);
  else {
    q.set('deck', 'new');
    q.set('title', target.title);
    if (target.description) q.set('description', target.description);
  }
  const format = formatOf(file);
  if (format) q.set('format', format);
  let res: Response;
  try {
    res = await fetch(`${apiBase()}/import/entries?${q}`, { method: 'POST', headers: await authHeaders(), body: file });
  } catch {
    throw new TransferError('network');
  }
  if (!res.ok || !res.body) throw await errorOf(res);
  let last: unknown;
  await readNdjson(res.body, (line) => {
    last = line;
    const l = line as Partial<Progress> & { phase?: string };
    if (l.phase === 'upload' || l.phase === 'parse' || l.phase === 'save') onProgress(l as Progress);
  });
  return importOutcome(last);
}

/** The import's last line: what it did, or why it saved nothing (a TransferError, with the refused
 * rows when the server listed them). */
export function importOutcome(last: unknown): ImportDone {
  const end = last as ({ done?: boolean } & Partial<ImportDone>) | { error?: { message?: string; data?: { rows?: ImportRowProblem[]; moreRows?: number } } } | undefined;
  if (end && 'done' in end && end.done && end.deckId) {
    return {
      deckId: end.deckId,
      deckTitle: end.deckTitle ?? '',
      deckCreated: end.deckCreated ?? false,
      deckEntries: end.deckEntries ?? 0,
      added: end.added ?? 0,
      entries: end.entries ?? 0,
      reused: end.reused ?? 0,
      skipped: end.skipped ?? 0,
      ms: end.ms ?? 0,
      warnings: end.warnings ?? [],
    };
  }
  const error = end && 'error' in end ? end.error : undefined;
  throw new TransferError(error?.message ?? 'the import stopped without finishing', undefined, error?.data?.rows ?? [], error?.data?.moreRows ?? 0);
}

/** The file name a `Content-Disposition` header gives: `filename*` (RFC 6266/5987, UTF-8 and
 * percent-encoded: the deck's title as written) before the ASCII `filename` fallback. */
export function dispositionFileName(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // malformed: try the plain one
    }
  }
  return /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1] ?? /filename\s*=\s*([^;\s]+)/i.exec(header)?.[1];
}

/** The file name of a deck's export when the server names none: its title as written, only the
 * characters file systems refuse (and control characters) replaced, as the server does. */
export function deckFileName(title: string, format: 'csv' | 'apkg'): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is replaced
  const stem = title.replace(/[/\\:*?"<>|\u0000-\u001f\u007f-\u009f]/g, '_').trim();
  return `${stem || 'deck'}.${format}`;
}

/** Downloads a deck as CSV or Anki package. */
export async function exportDeck(deckId: string, format: 'csv' | 'apkg'): Promise<void> {
  const res = await fetch(`${apiBase()}/export/deck/${encodeURIComponent(deckId)}?format=${format}`, { headers: await authHeaders() });
  if (!res.ok) throw await errorOf(res);
  const name = dispositionFileName(res.headers.get('Content-Disposition'));
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name ?? deckFileName('', format);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The most a recording attached by hand may weigh (the server's media::UPLOAD_BYTES_MAX). */
export const AUDIO_BYTES_MAX = 10 * 1024 * 1024;

/** Stores `file` as the recording of entry `entryId` (of `languageCode` while it is not saved
 * yet); answers the URL to put in its audioUrl. */
export async function uploadAudio(file: Blob, entryId: string, languageCode: string): Promise<string> {
  const q = new URLSearchParams({ entryId, languageCode });
  let res: Response;
  try {
    res = await fetch(`${apiBase()}/media/audio?${q}`, { method: 'POST', headers: await authHeaders(), body: file });
  } catch {
    throw new TransferError('network');
  }
  if (!res.ok) throw await errorOf(res);
  return ((await res.json()) as { url: string }).url;
}
