// Loads a locale's messages from its hashed URL (SPEC §7), cached for 24 h in local storage with a
// timestamp (SPEC §9). The hash in the URL changes with the content, so a cached copy is only used
// for the same URL.

export const MESSAGES_CACHE_MS = 24 * 60 * 60 * 1000;
export const MESSAGES_CACHE_PREFIX = 'i18n:';

export type Messages = Record<string, string>;

interface CachedMessages {
  url: string;
  savedAt: number;
  messages: Messages;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface LoadMessagesEnv {
  urls: Readonly<Record<string, string>>;
  fetch: (url: string) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;
  storage?: StorageLike;
  now?: () => number;
}

export class LocaleLoadError extends Error {
  constructor(readonly locale: string, cause?: unknown) {
    super(`Failed loading locale (${locale})`);
    this.name = 'LocaleLoadError';
    if (cause !== undefined) (this as { cause?: unknown }).cause = cause;
  }
}

function isMessages(value: unknown): value is Messages {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}

function readCache(storage: StorageLike | undefined, locale: string, url: string, now: number): Messages | undefined {
  try {
    const raw = storage?.getItem(MESSAGES_CACHE_PREFIX + locale);
    if (!raw) return undefined;
    const cached = JSON.parse(raw) as Partial<CachedMessages>;
    if (cached.url !== url || typeof cached.savedAt !== 'number' || !isMessages(cached.messages)) return undefined;
    if (now - cached.savedAt >= MESSAGES_CACHE_MS || now < cached.savedAt) return undefined;
    return cached.messages;
  } catch {
    return undefined;
  }
}

function writeCache(storage: StorageLike | undefined, locale: string, entry: CachedMessages): void {
  try {
    storage?.setItem(MESSAGES_CACHE_PREFIX + locale, JSON.stringify(entry));
  } catch {
    /* quota or private mode: not cached */
  }
}

/** The messages of `locale`; rejects with a LocaleLoadError on any failure. */
export async function loadMessages(locale: string, env: LoadMessagesEnv): Promise<Messages> {
  const url = env.urls[locale];
  if (!url) throw new LocaleLoadError(locale);
  const now = (env.now ?? Date.now)();
  const cached = readCache(env.storage, locale, url, now);
  if (cached) return cached;
  let body: unknown;
  try {
    const res = await env.fetch(url);
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    body = await res.json();
  } catch (error) {
    throw new LocaleLoadError(locale, error);
  }
  if (!isMessages(body)) throw new LocaleLoadError(locale);
  writeCache(env.storage, locale, { url, savedAt: now, messages: body });
  return body;
}
