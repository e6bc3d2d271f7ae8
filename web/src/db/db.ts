// The local database `writeit` (SPEC §3): the ten synced tables keyed by id (userEntries by
// entryId), plus the outbox of mutations waiting to be sent. Read through Dexie live queries.
import Dexie, { type EntityTable } from 'dexie';
import type {
  Character,
  Deck,
  Entry,
  Language,
  UserCard,
  UserDeck,
  UserEntry,
  UserParameters,
  UserReview,
  UserTest,
} from '../api/generated/types';
import type { Refusal } from './refusal';

/** A mutation queued while offline (or not yet acknowledged), replayed in `seq` order. */
export interface OutboxItem {
  seq?: number;
  /** Procedure name, e.g. 'saveUserReview'. */
  procedure: string;
  /** Its input; carries a client-made id, so replaying it is idempotent. */
  input: unknown;
  /** When it was queued (ms). */
  queuedAt: number;
  /** Failed attempts so far. */
  attempts: number;
  /** Last error message, shown in the sync status. */
  lastError?: string;
  /** Absent or 'pending': waiting to be sent. 'failed' (the stored spelling of refused, see
   * ledger.ts REFUSED_STATE): the server refused it for good (BAD_REQUEST, FORBIDDEN,
   * CONFLICT…); never sent again unless retried (by the
   * learner, or by a later build of the app when the app sent it wrongly: db/refusal.ts). */
  state?: 'pending' | 'failed';
  /** When refused: why (error code, reason, field) and in which build of the app. */
  refusal?: Refusal;
  /** The rows this mutation wrote locally, each with the server's version as far as the client
   * knows it (null: none): restored if the server refuses the mutation, and while the item is
   * pending a sync never overwrites these rows with pulled ones. */
  before?: OutboxBefore[];
}

/** One row an outbox item wrote locally, and the row to restore if the server refuses it. */
export interface OutboxBefore {
  table: SyncedTable;
  /** The row's local key (userEntries: entryId; every other table: id). */
  key: string;
  row: SyncedRow | null;
}

/** The Dexie database with typed tables. */
export type WriteItDb = Dexie & {
  characters: EntityTable<Character, 'id'>;
  decks: EntityTable<Deck, 'id'>;
  entries: EntityTable<Entry, 'id'>;
  languages: EntityTable<Language, 'id'>;
  userCards: EntityTable<UserCard, 'id'>;
  userDecks: EntityTable<UserDeck, 'id'>;
  userEntries: EntityTable<UserEntry, 'entryId'>;
  userReviews: EntityTable<UserReview, 'id'>;
  userParameters: EntityTable<UserParameters, 'id'>;
  userTests: EntityTable<UserTest, 'id'>;
  outbox: EntityTable<OutboxItem, 'seq'>;
};

/** Opens (or creates) the database; `name` is only changed by tests. */
export function openDb(name = 'writeit'): WriteItDb {
  const db = new Dexie(name) as WriteItDb;
  // Only the current schema is declared: Dexie (3+) upgrades any older one by comparing it with
  // the installed database, and no version here has an upgrade function. Parsing one version, not
  // three, is a little less work on every start. v2 added decks [languageCode+position], so a
  // deck list reads its first page alone; v3 entries [languageCode+text], so /entries reads its
  // first rows, and a language's sorted rows, through one index range. v4 dropped decks
  // languageCode and position, and entries languageCode: a query on languageCode alone uses the
  // compound index's first part (a Dexie virtual index), and each index costs every put its own
  // write (about 8 µs a row in Chromium: 0.4 s of a 50,000-entry first sync). v5 added
  // userParameters (one row, the learner's fitted FSRS weights: issue 27). v6 added userTests
  // (a test's answers as its own history: issue 35), indexed by deckId for a deck's tests.
  db.version(6).stores({
    characters: 'id, languageCode, value, updatedAt',
    decks: 'id, [languageCode+position], updatedAt',
    entries: 'id, text, [languageCode+text], updatedAt',
    languages: 'id, updatedAt',
    userCards: 'id, entryId, due, state, updatedAt',
    userDecks: 'id, updatedAt',
    userEntries: 'entryId, updatedAt',
    userReviews: 'id, cardId, entryId, reviewedAt, updatedAt',
    userParameters: 'id, updatedAt',
    userTests: 'id, deckId, updatedAt',
    outbox: '++seq',
  });
  return db;
}

/** The app's database. */
export const db = openDb();

/** The sync marker (SPEC §3, §9), in local storage (db/sync.ts writes it). */
export const LAST_SYNC_KEY = 'lastSync';

/** Whether a sync has completed here before (false on a first visit, before its first sync, and
 * when local storage cannot be read). */
export function hasSynced(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): boolean {
  try {
    return storage?.getItem(LAST_SYNC_KEY) != null;
  } catch {
    return false;
  }
}

/** The public tables, pulled for everyone, in sync order. */
export const PUBLIC_TABLES = ['languages', 'decks', 'entries', 'characters'] as const;
/** The user tables, pulled when signed in, in sync order. */
export const USER_TABLES = ['userEntries', 'userDecks', 'userCards', 'userReviews', 'userParameters', 'userTests'] as const;

export type PublicTable = (typeof PUBLIC_TABLES)[number];
export type UserTable = (typeof USER_TABLES)[number];
/** The ten synced tables (everything but the outbox). */
export type SyncedTable = PublicTable | UserTable;

/** The row type of each synced table. */
export interface TableRows {
  characters: Character;
  decks: Deck;
  entries: Entry;
  languages: Language;
  userCards: UserCard;
  userDecks: UserDeck;
  userEntries: UserEntry;
  userReviews: UserReview;
  userParameters: UserParameters;
  userTests: UserTest;
}
export type SyncedRow = TableRows[SyncedTable];

export const isUserTable = (table: SyncedTable): table is UserTable =>
  (USER_TABLES as readonly string[]).includes(table);
