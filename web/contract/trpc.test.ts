// Contract tests: the real @trpc/client v11 (httpBatchLink and httpLink), typed through the
// generated AppRouter, against a real `writeit serve` (DESIGN §3, §8).
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, describe, it } from 'node:test';
import {
  createTRPCClient,
  httpBatchLink,
  httpLink,
  TRPCClientError,
  type TRPCClient,
} from '@trpc/client';
import { v5 as uuidv5, v7 as uuidv7 } from 'uuid';
import type { AppRouter } from '../src/api/generated/router.ts';
import type {
  CardKind,
  Deck,
  Entry,
  ErrorCode,
  SaveEntryInput,
  SaveUserReviewInput,
} from '../src/api/generated/types.ts';
import { startServer, type Role, type RunningServer } from './server.ts';

/** Namespace of card ids: a card is UUIDv5(`${entryId}/${kind}`). */
const CARD_NAMESPACE = '6f1c4a8e-2b7d-5e3f-9a10-4c5d6e7f8091';
const cardId = (entryId: string, kind: CardKind) => uuidv5(`${entryId}/${kind}`, CARD_NAMESPACE);

const JSON_RPC_CODES: Record<ErrorCode, number> = {
  PARSE_ERROR: -32700,
  BAD_REQUEST: -32600,
  UNAUTHORIZED: -32001,
  FORBIDDEN: -32003,
  NOT_FOUND: -32004,
  METHOD_NOT_SUPPORTED: -32005,
  TIMEOUT: -32008,
  CONFLICT: -32009,
  PAYLOAD_TOO_LARGE: -32013,
  UNSUPPORTED_MEDIA_TYPE: -32015,
  UNPROCESSABLE_CONTENT: -32022,
  TOO_MANY_REQUESTS: -32029,
  INTERNAL_SERVER_ERROR: -32603,
  SERVICE_UNAVAILABLE: -32603,
};

type Client = TRPCClient<AppRouter>;
type LinkKind = 'batch' | 'http';

interface Recorded {
  method: string;
  url: string;
  status: number;
}

let server: RunningServer;
const tokens = new Map<string, string>();

/** A signed-in (or guest) client; `log` records every HTTP exchange the link makes. */
function client(token: string | undefined, link: LinkKind = 'batch', log?: Recorded[]): Client {
  const options = {
    url: server.trpcUrl,
    headers: () => (token ? { authorization: `Bearer ${token}` } : {}),
    fetch: async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
      const res = await fetch(input, init);
      log?.push({ method: init?.method ?? 'GET', url: String(input), status: res.status });
      return res;
    },
  };
  return createTRPCClient<AppRouter>({
    links: [link === 'batch' ? httpBatchLink(options) : httpLink(options)],
  });
}

async function tokenFor(sub: string, role: Role, langs?: string[]): Promise<string> {
  const key = `${sub}|${role}|${langs?.join(',') ?? ''}`;
  let t = tokens.get(key);
  if (!t) {
    t = await server.token(sub, role, langs);
    tokens.set(key, t);
  }
  return t;
}

async function as(sub: string, role: Role, langs?: string[], link: LinkKind = 'batch') {
  return client(await tokenFor(sub, role, langs), link);
}

/** Awaits a rejection and checks it is a TRPCClientError with this code and status. */
async function rejectsWith(
  call: Promise<unknown>,
  code: ErrorCode,
  httpStatus: number,
  messageIncludes?: string,
): Promise<TRPCClientError<AppRouter>> {
  const caught = await call.then(
    (value) => assert.fail(`expected ${code}, got a result: ${JSON.stringify(value)}`),
    (e: unknown) => e,
  );
  assert.ok(caught instanceof TRPCClientError, `not a TRPCClientError: ${String(caught)}`);
  const err = caught as TRPCClientError<AppRouter>;
  assert.ok(err.data, `no error data on: ${err.message}`);
  assert.equal(err.data.code, code, `code (message: ${err.message})`);
  assert.equal(err.data.httpStatus, httpStatus);
  assert.equal(err.shape?.code, JSON_RPC_CODES[code]);
  assert.equal(typeof err.message, 'string');
  assert.ok(err.message.length > 0, 'empty message');
  if (messageIncludes !== undefined) {
    assert.ok(
      err.message.includes(messageIncludes),
      `message ${JSON.stringify(err.message)} should mention ${JSON.stringify(messageIncludes)}`,
    );
  }
  return err;
}

/** A raw request; answers status, content type and parsed JSON (undefined when empty). */
async function raw(
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; contentType: string | null; body: unknown }> {
  const res = await fetch(`${server.trpcUrl}/${path}`, init);
  const text = await res.text();
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    body: text === '' ? undefined : (JSON.parse(text) as unknown),
  };
}

interface WireError {
  error: { message: string; code: number; data: { code: string; httpStatus: number; path?: string } };
}

function assertWholeFailure(body: unknown, code: ErrorCode, httpStatus: number): WireError {
  assert.ok(body !== null && typeof body === 'object', 'an object');
  assert.ok(!Array.isArray(body), 'a whole-request failure is one object, not an array');
  const e = body as WireError;
  assert.equal(e.error.data.code, code, e.error.message);
  assert.equal(e.error.data.httpStatus, httpStatus);
  assert.equal(e.error.code, JSON_RPC_CODES[code]);
  assert.equal(typeof e.error.message, 'string');
  return e;
}

const byCursor = (a: { updatedAt: number; id: string }, b: { updatedAt: number; id: string }) =>
  a.updatedAt - b.updatedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

let starterDecks: Deck[] = [];

before(async () => {
  server = await startServer();
});

after(async () => {
  await server?.stop();
});

describe('httpBatchLink', () => {
  it('batches getServerTime, queryLanguages and queryDecks into one request', async () => {
    const log: Recorded[] = [];
    const guest = client(undefined, 'batch', log);
    const before = Date.now();
    const [time, languages, decks] = await Promise.all([
      guest.getServerTime.query(),
      guest.queryLanguages.query({ offset: 0 }),
      guest.queryDecks.query({ offset: 0 }),
    ]);
    assert.equal(log.length, 1, 'one HTTP request');
    assert.equal(log[0]?.method, 'GET');
    assert.equal(log[0]?.status, 200);
    assert.match(log[0]?.url ?? '', /\/api\/trpc\/getServerTime,queryLanguages,queryDecks\?batch=1&input=/);

    assert.equal(typeof time, 'number');
    assert.ok(Number.isInteger(time));
    assert.ok(Math.abs(time - before) < 60_000, `server time ${time} near ${before}`);

    const langs = Object.fromEntries(languages.map((l) => [l.id, l]));
    assert.deepEqual(Object.keys(langs).sort(), ['ar', 'el', 'en', 'he', 'ja', 'ko', 'ru', 'zh']);
    for (const l of languages) {
      assert.equal(l.rtl, l.id === 'he' || l.id === 'ar', `${l.id}.rtl`);
      assert.equal(
        l.gridType,
        ['ar', 'en', 'el', 'he', 'ru'].includes(l.id) ? 'letter' : 'character',
        `${l.id}.gridType`,
      );
      assert.equal(l.deleted, false);
      assert.ok(l.updatedAt > 0);
    }
    assert.equal(langs.ko?.name, 'Korean');
    assert.equal(langs.ko?.nativeName, '한국어');
    assert.equal(langs.ar?.nativeName, 'العربية');
    assert.deepEqual([...languages].sort(byCursor), languages, 'ordered by (updatedAt, id)');

    assert.equal(decks.length, 11);
    assert.deepEqual([...decks].sort(byCursor), decks, 'ordered by (updatedAt, id)');
    for (const d of decks) {
      assert.ok(d.title.length > 0);
      assert.ok(d.languageCode in langs, `deck ${d.title} in a known language`);
      assert.ok(d.entryIds.length > 0, `deck ${d.title} has entries`);
      assert.equal(d.deleted, false);
    }
    assert.ok(decks.some((d) => d.title === 'Hangul letters (jamo)' && d.languageCode === 'ko'));
    starterDecks = decks;
  });

  it('pages queryEntries with limit and the after cursor until a short page', async () => {
    const guest = client(undefined);
    const all: Entry[] = [];
    let pages = 0;
    let after: { updatedAt: number; id: string } | undefined;
    for (;;) {
      const page = await guest.queryEntries.query(after ? { offset: 0, after, limit: 100 } : { offset: 0, limit: 100 });
      pages++;
      assert.ok(page.length <= 100, 'a page holds at most limit rows');
      all.push(...page);
      const last = page.at(-1);
      if (page.length < 100 || !last) break;
      after = { updatedAt: last.updatedAt, id: last.id };
      assert.ok(pages < 100, 'paging terminates');
    }
    const ids = all.map((e) => e.id);
    assert.equal(new Set(ids).size, ids.length, 'every entry exactly once');
    assert.deepEqual([...all].sort(byCursor), all, 'ordered by (updatedAt, id) across pages');
    const deckEntryIds = new Set(starterDecks.flatMap((d) => d.entryIds));
    assert.equal(deckEntryIds.size, 652);
    assert.deepEqual(new Set(ids), deckEntryIds, 'the entries of the starter decks');
    assert.equal(pages, Math.ceil((all.length + 1) / 100));

    const oneShot = await guest.queryEntries.query({ offset: 0, limit: 5000 });
    assert.deepEqual(oneShot, all, 'paging and one page agree');
    const defaultLimit = await guest.queryEntries.query({ offset: 0 });
    assert.deepEqual(defaultLimit, all, 'the default limit (1000) covers the starter entries');
  });

  it('answers only the rows changed after offset (delta), tombstones included', async () => {
    const admin = await as('admin-1', 'admin');
    const t0 = await admin.getServerTime.query();
    const input: SaveEntryInput = {
      id: uuidv7(),
      languageCode: 'ko',
      text: '사과',
      reading: 'sagwa',
      meanings: ['apple'],
      notes: 'contract test',
      examples: [{ text: '사과를 먹어요.', translation: 'I eat an apple.' }],
    };
    const { entry } = await admin.saveEntry.mutate(input);
    assert.ok(entry.updatedAt > t0, `updatedAt ${entry.updatedAt} > server time ${t0}`);
    // audioUrl is always on the wire, null when absent.
    assert.deepEqual(entry, { ...input, audioUrl: null, updatedAt: entry.updatedAt, deleted: false });

    const delta = await client(undefined).queryEntries.query({ offset: t0 });
    assert.deepEqual(delta, [entry]);

    const t1 = await admin.getServerTime.query();
    assert.ok(t1 >= entry.updatedAt);
    const { entry: tombstone } = await admin.saveEntry.mutate({ ...input, deleted: true });
    assert.equal(tombstone.id, entry.id);
    assert.equal(tombstone.deleted, true);
    assert.ok(tombstone.updatedAt > t1);

    assert.deepEqual(await client(undefined).queryEntries.query({ offset: t1 }), [tombstone]);
    assert.deepEqual(
      await client(undefined).queryEntries.query({ offset: t0 }),
      [tombstone],
      'the tombstone replaced the row',
    );
    assert.deepEqual(await client(undefined).queryEntries.query({ offset: tombstone.updatedAt }), []);
  });
});

describe('httpLink (unbatched)', () => {
  it('saveDeck as admin answers the deck with a server updatedAt', async () => {
    const log: Recorded[] = [];
    const admin = client(await tokenFor('admin-1', 'admin'), 'http', log);
    const entryIds = starterDecks.find((d) => d.languageCode === 'ko')?.entryIds.slice(0, 3) ?? [];
    assert.equal(entryIds.length, 3);
    const input = {
      id: uuidv7(),
      languageCode: 'ko',
      title: 'Contract deck',
      description: 'made by the contract test',
      entryIds,
      position: 7,
    };
    const t0 = Date.now();
    const deck = await admin.saveDeck.mutate(input);
    assert.equal(log.length, 1);
    assert.equal(log[0]?.method, 'POST');
    assert.equal(log[0]?.url, `${server.trpcUrl}/saveDeck`);
    assert.equal(log[0]?.status, 200);
    // A deck made in the app names no source (an imported syllabus deck does).
    assert.deepEqual(deck, { ...input, source: null, updatedAt: deck.updatedAt, deleted: false });
    assert.ok(Number.isInteger(deck.updatedAt) && Math.abs(deck.updatedAt - t0) < 60_000);

    // Defaults for the optional fields.
    const bare = await admin.saveDeck.mutate({ id: uuidv7(), languageCode: 'ja', title: 'Bare' });
    assert.equal(bare.description, '');
    assert.deepEqual(bare.entryIds, []);
    assert.equal(bare.deleted, false);

    const decks = await client(undefined, 'http').queryDecks.query({ offset: t0 - 1 });
    assert.deepEqual(
      decks.filter((d) => d.id === deck.id),
      [deck],
    );
  });

  it('optimizeUserParameters, a mutation without input, answers the caller’s row, which then syncs', async () => {
    for (const link of ['http', 'batch'] as const) {
      const me = await as(`fit-${link}`, 'user', undefined, link);
      const row = await me.optimizeUserParameters.mutate();
      assert.equal(row.id, `fit-${link}`);
      assert.equal(row.weights.length, 21);
      assert.equal(row.fitted, false, 'no reviews: the defaults');
      assert.equal(row.reviews, 0);
      assert.deepEqual(await me.queryUserParameters.query({ offset: 0 }), [row]);
      assert.deepEqual(await me.queryUserParameters.query({ offset: row.updatedAt }), []);
    }
    await rejectsWith(client(undefined).optimizeUserParameters.mutate(), 'UNAUTHORIZED', 401);
  });

  it('queryLanguageCounts, a query without input, answers the server’s counts to a curator', async () => {
    for (const link of ['http', 'batch'] as const) {
      const counts = await (await as(`counts-${link}`, 'editor', ['ja'], link)).queryLanguageCounts.query();
      const ko = counts.find((c) => c.languageCode === 'ko');
      assert.ok(ko && ko.decks > 0 && ko.entries > 0 && ko.characters > 0, JSON.stringify(counts));
    }
    await rejectsWith((await as('counts-user', 'user')).queryLanguageCounts.query(), 'FORBIDDEN', 403);
    await rejectsWith(client(undefined).queryLanguageCounts.query(), 'UNAUTHORIZED', 401);
  });

  it('saveEntry answers {entry}', async () => {
    const admin = await as('admin-1', 'admin', undefined, 'http');
    const input: SaveEntryInput = { id: uuidv7(), languageCode: 'ja', text: '水', reading: 'みず', meanings: ['water'] };
    const result = await admin.saveEntry.mutate(input);
    assert.deepEqual(Object.keys(result), ['entry']);
    assert.deepEqual(result.entry, {
      ...input,
      notes: '',
      examples: [],
      audioUrl: null,
      updatedAt: result.entry.updatedAt,
      deleted: false,
    });
  });

  it('saveCharacter answers {character} with integer median points in 0..1024', async () => {
    const admin = await as('admin-1', 'admin', undefined, 'http');
    const input = {
      id: uuidv7(),
      languageCode: 'ko',
      value: '가',
      strokes: [{ path: 'M 200 300 L 500 300 Q 520 600 300 850', median: [[200, 300], [500, 300], [300, 850]] as [number, number][] }],
      source: 'contract test',
    };
    const result = await admin.saveCharacter.mutate(input);
    assert.deepEqual(Object.keys(result), ['character']);
    const c = result.character;
    // Leniency and alternative orders default when left out (1 and none).
    assert.deepEqual(c, { ...input, leniency: 1, alternatives: [], updatedAt: c.updatedAt, deleted: false });
    assert.equal(c.strokes.length, 1);
    const stroke = c.strokes[0];
    assert.ok(stroke && stroke.path.length > 0);
    for (const point of stroke.median) {
      assert.equal(point.length, 2);
      for (const v of point) assert.ok(Number.isInteger(v) && v >= 0 && v <= 1024, `point ${v}`);
    }
    const chars = await client(undefined, 'http').queryCharacters.query({ offset: c.updatedAt - 1 });
    assert.deepEqual(
      chars.filter((x) => x.id === c.id),
      [c],
    );

    await rejectsWith(
      admin.saveCharacter.mutate({ ...input, id: uuidv7(), value: '가나' }),
      'BAD_REQUEST',
      400,
      'value',
    );
    await rejectsWith(
      admin.saveCharacter.mutate({
        ...input,
        id: uuidv7(),
        strokes: [{ path: 'M 0 0', median: [[0, 0], [1025, 3]] }],
      }),
      'BAD_REQUEST',
      400,
      'strokes[0].median',
    );
    // The character's own leniency and alternative stroke orders round trip, and are checked.
    const two = { ...input, id: uuidv7(), strokes: [input.strokes[0]!, input.strokes[0]!], leniency: 1.5, alternatives: [[1, 0]] };
    const saved = (await admin.saveCharacter.mutate(two)).character;
    assert.deepEqual([saved.leniency, saved.alternatives], [1.5, [[1, 0]]]);
    await rejectsWith(admin.saveCharacter.mutate({ ...two, id: uuidv7(), alternatives: [[0, 0]] }), 'BAD_REQUEST', 400, 'alternatives[0]');
    await rejectsWith(admin.saveCharacter.mutate({ ...two, id: uuidv7(), leniency: 9 }), 'BAD_REQUEST', 400, 'leniency');
  });
});

describe('errors', () => {
  for (const link of ['batch', 'http'] as const) {
    describe(`through ${link === 'batch' ? 'httpBatchLink' : 'httpLink'}`, () => {
      it('guest queryUserDecks → UNAUTHORIZED/401', async () => {
        const err = await rejectsWith(client(undefined, link).queryUserDecks.query({ offset: 0 }), 'UNAUTHORIZED', 401);
        assert.equal(err.data?.path, 'queryUserDecks');
      });

      it('guest saveDeck → UNAUTHORIZED/401', async () => {
        await rejectsWith(
          client(undefined, link).saveDeck.mutate({ id: uuidv7(), languageCode: 'ko', title: 'x' }),
          'UNAUTHORIZED',
          401,
        );
      });

      it('user saveDeck → FORBIDDEN/403', async () => {
        const user = await as('user-1', 'user', undefined, link);
        const err = await rejectsWith(
          user.saveDeck.mutate({ id: uuidv7(), languageCode: 'ko', title: 'Mine' }),
          'FORBIDDEN',
          403,
        );
        assert.equal(err.data?.path, 'saveDeck');
      });

      it('an editor may save only in their languages', async () => {
        const jaEditor = await as('editor-ja', 'editor', ['ja'], link);
        const koEditor = await as('editor-ko', 'editor', ['ko'], link);
        const input: SaveEntryInput = { id: uuidv7(), languageCode: 'ko', text: '물', meanings: ['water'] };
        await rejectsWith(jaEditor.saveEntry.mutate(input), 'FORBIDDEN', 403);
        const { entry } = await koEditor.saveEntry.mutate(input);
        assert.equal(entry.id, input.id);
        assert.equal(entry.languageCode, 'ko');
        // Moving a ko entry into ja needs both languages (old and new).
        await rejectsWith(jaEditor.saveEntry.mutate({ ...input, languageCode: 'ja' }), 'FORBIDDEN', 403);
        await rejectsWith(koEditor.saveEntry.mutate({ ...input, languageCode: 'ja' }), 'FORBIDDEN', 403);
      });

      it('saveDeck with an empty title → BAD_REQUEST/400 naming title', async () => {
        const admin = await as('admin-1', 'admin', undefined, link);
        await rejectsWith(
          admin.saveDeck.mutate({ id: uuidv7(), languageCode: 'ko', title: '' }),
          'BAD_REQUEST',
          400,
          'title',
        );
        await rejectsWith(
          admin.saveDeck.mutate({ id: 'not-a-uuid', languageCode: 'ko', title: 'x' }),
          'BAD_REQUEST',
          400,
          'id',
        );
      });

      it('saveUserReview with a wrong cardId → BAD_REQUEST naming cardId', async () => {
        const user = await as('user-1', 'user', undefined, link);
        const entryId = starterDecks[0]?.entryIds[0] ?? '';
        await rejectsWith(
          user.saveUserReview.mutate({
            id: uuidv7(),
            cardId: cardId(entryId, 'reading'),
            entryId,
            kind: 'meaning',
            rating: 3,
            reviewedAt: Date.now(),
          }),
          'BAD_REQUEST',
          400,
          'cardId',
        );
      });

      it('an unknown procedure → NOT_FOUND/404', async () => {
        const untyped = client(undefined, link) as unknown as Record<
          string,
          { query(input?: unknown): Promise<unknown>; mutate(input?: unknown): Promise<unknown> }
        >;
        await rejectsWith(untyped.noSuchProcedure!.query({ offset: 0 }), 'NOT_FOUND', 404, 'noSuchProcedure');
        await rejectsWith(untyped.noSuchMutation!.mutate({}), 'NOT_FOUND', 404, 'noSuchMutation');
      });

      it('a forged token → UNAUTHORIZED/401', async () => {
        const real = await tokenFor('user-1', 'user');
        const forged = `${real.slice(0, -4)}${real.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
        await rejectsWith(client(forged, link).queryLanguages.query({ offset: 0 }), 'UNAUTHORIZED', 401);
      });
    });
  }
});

describe('user flow', () => {
  it('enables an entry, adds a deck, records an idempotent review', async () => {
    const user = await as('learner-1', 'user');
    const deck = starterDecks.find((d) => d.languageCode === 'ko');
    assert.ok(deck);
    const entryId = deck.entryIds[0];
    assert.ok(entryId);

    const t0 = await user.getServerTime.query();
    const ue = await user.saveUserEntry.mutate({ entryId, enabled: true });
    assert.deepEqual(ue, { id: entryId, entryId, enabled: true, updatedAt: ue.updatedAt, deleted: false });
    assert.ok(ue.updatedAt > t0);

    const ud = await user.saveUserDeck.mutate({ deckId: deck.id });
    assert.equal(ud.id, deck.id);
    assert.equal(ud.deckId, deck.id);
    assert.equal(ud.deleted, false);
    assert.equal(typeof ud.newPerDay, 'number');
    assert.equal(ud.desiredRetention, 0.9);
    const ud2 = await user.saveUserDeck.mutate({ deckId: deck.id, newPerDay: 5, desiredRetention: 0.85 });
    assert.equal(ud2.id, deck.id);
    assert.equal(ud2.newPerDay, 5);
    assert.equal(ud2.desiredRetention, 0.85);
    await rejectsWith(user.saveUserDeck.mutate({ deckId: deck.id, desiredRetention: 2 }), 'BAD_REQUEST', 400, 'desiredRetention');

    const review: SaveUserReviewInput = {
      id: uuidv7(),
      cardId: cardId(entryId, 'meaning'),
      entryId,
      kind: 'meaning',
      rating: 3,
      reviewedAt: Date.now(),
      durationMs: 2500,
    };
    const first = await user.saveUserReview.mutate(review);
    const second = await user.saveUserReview.mutate(review);
    assert.deepEqual(Object.keys(first), ['card']);
    assert.deepEqual(second, first, 'replaying a review answers the same card');
    assert.equal(first.card.id, review.cardId);
    assert.equal(first.card.entryId, entryId);
    assert.equal(first.card.kind, 'meaning');
    assert.equal(first.card.reps, 1);
    assert.equal(first.card.lapses, 0);
    assert.equal(first.card.lastReview, review.reviewedAt);
    assert.ok(first.card.due > review.reviewedAt);

    const reviews = await user.queryUserReviews.query({ offset: 0 });
    assert.equal(reviews.length, 1);
    assert.deepEqual(reviews[0], { ...review, updatedAt: reviews[0]?.updatedAt, deleted: false });

    const [entries, decks, cards] = await Promise.all([
      user.queryUserEntries.query({ offset: 0 }),
      user.queryUserDecks.query({ offset: 0 }),
      user.queryUserCards.query({ offset: 0 }),
    ]);
    assert.deepEqual(entries, [ue]);
    assert.deepEqual(decks, [ud2]);
    assert.deepEqual(cards, [first.card]);

    const other = await as('learner-2', 'user');
    const [otherReviews, otherCards, otherEntries, otherDecks] = await Promise.all([
      other.queryUserReviews.query({ offset: 0 }),
      other.queryUserCards.query({ offset: 0 }),
      other.queryUserEntries.query({ offset: 0 }),
      other.queryUserDecks.query({ offset: 0 }),
    ]);
    assert.deepEqual(otherReviews, []);
    assert.deepEqual(otherCards, []);
    assert.deepEqual(otherEntries, []);
    assert.deepEqual(otherDecks, []);
  });
});

describe('mixed batch', () => {
  it('resolves the ok call, rejects the failing one with its own code, HTTP 207', async () => {
    const log: Recorded[] = [];
    const guest = client(undefined, 'batch', log);
    const [ok, failed] = await Promise.allSettled([
      guest.getServerTime.query(),
      guest.queryUserDecks.query({ offset: 0 }),
    ]);
    assert.equal(log.length, 1, 'one HTTP request');
    assert.equal(log[0]?.status, 207);
    assert.equal(ok?.status, 'fulfilled');
    assert.equal(typeof (ok as PromiseFulfilledResult<number>).value, 'number');
    assert.equal(failed?.status, 'rejected');
    await rejectsWith(Promise.reject((failed as PromiseRejectedResult).reason), 'UNAUTHORIZED', 401);

    const url = log[0]?.url ?? '';
    assert.match(url, /\/api\/trpc\/getServerTime,queryUserDecks\?batch=1/);
    const res = await fetch(url);
    assert.equal(res.status, 207);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    const body = (await res.json()) as unknown[];
    assert.ok(Array.isArray(body));
    assert.equal(body.length, 2);
    assert.equal(typeof (body[0] as { result: { data: unknown } }).result.data, 'number');
    assert.equal((body[1] as WireError).error.data.code, 'UNAUTHORIZED');
    assert.equal((body[1] as WireError).error.data.path, 'queryUserDecks');
  });

  it('mutations: one saved, one invalid, in one POST', async () => {
    const log: Recorded[] = [];
    const admin = client(await tokenFor('admin-1', 'admin'), 'batch', log);
    const good = { id: uuidv7(), languageCode: 'ko', title: 'Batch ok' };
    const [ok, bad] = await Promise.allSettled([
      admin.saveDeck.mutate(good),
      admin.saveDeck.mutate({ id: uuidv7(), languageCode: 'ko', title: '   ' }),
    ]);
    assert.equal(log.length, 1);
    assert.equal(log[0]?.method, 'POST');
    assert.equal(log[0]?.status, 207);
    assert.equal(ok?.status, 'fulfilled');
    assert.equal((ok as PromiseFulfilledResult<Deck>).value.id, good.id);
    await rejectsWith(Promise.reject((bad as PromiseRejectedResult).reason), 'BAD_REQUEST', 400, 'title');
  });

  it('a batch whose calls all fail alike answers their shared status', async () => {
    const log: Recorded[] = [];
    const guest = client(undefined, 'batch', log);
    const results = await Promise.allSettled([
      guest.queryUserDecks.query({ offset: 0 }),
      guest.queryUserCards.query({ offset: 0 }),
    ]);
    assert.equal(log[0]?.status, 401);
    for (const r of results) {
      await rejectsWith(Promise.reject((r as PromiseRejectedResult).reason), 'UNAUTHORIZED', 401);
    }
  });
});

describe('raw HTTP', () => {
  it('HEAD /api/trpc/getServerTime → 204', async () => {
    const res = await fetch(`${server.trpcUrl}/getServerTime`, { method: 'HEAD' });
    assert.equal(res.status, 204);
  });

  it('an unbatched GET answers one object', async () => {
    const r = await raw(`queryLanguages?input=${encodeURIComponent(JSON.stringify({ offset: 0 }))}`);
    assert.equal(r.status, 200);
    assert.match(r.contentType ?? '', /^application\/json/);
    const data = (r.body as { result: { data: unknown[] } }).result.data;
    assert.equal(data.length, 8);
  });

  it('an empty bearer token is a guest', async () => {
    const r = await raw('getServerTime', { headers: { authorization: 'Bearer ' } });
    assert.equal(r.status, 200);
    assert.equal(typeof (r.body as { result: { data: unknown } }).result.data, 'number');
  });

  it('POST with content-type text/plain → 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const token = await tokenFor('admin-1', 'admin');
    const r = await raw('saveDeck', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', authorization: `Bearer ${token}` },
      body: JSON.stringify({ id: uuidv7(), languageCode: 'ko', title: 'x' }),
    });
    assert.equal(r.status, 415);
    assertWholeFailure(r.body, 'UNSUPPORTED_MEDIA_TYPE', 415);
  });

  it('GET of a mutation → 405 METHOD_NOT_SUPPORTED; POST of a query too', async () => {
    const get = await raw(`saveDeck?input=${encodeURIComponent('{}')}`);
    assert.equal(get.status, 405);
    assertWholeFailure(get.body, 'METHOD_NOT_SUPPORTED', 405);
    const post = await raw('getServerTime', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '' });
    assert.equal(post.status, 405);
    assertWholeFailure(post.body, 'METHOD_NOT_SUPPORTED', 405);
  });

  it('a batch of 33 calls → 413 PAYLOAD_TOO_LARGE, one object; 32 are fine', async () => {
    const names = (n: number) => Array.from({ length: n }, () => 'getServerTime').join(',');
    const tooMany = await raw(`${names(33)}?batch=1&input=%7B%7D`);
    assert.equal(tooMany.status, 413);
    assertWholeFailure(tooMany.body, 'PAYLOAD_TOO_LARGE', 413);

    const max = await raw(`${names(32)}?batch=1&input=%7B%7D`);
    assert.equal(max.status, 200);
    assert.ok(Array.isArray(max.body));
    assert.equal((max.body as unknown[]).length, 32);
  });

  it('a body over 2 MiB (declared content-length) → 413 PAYLOAD_TOO_LARGE', async () => {
    // `Expect: 100-continue` lets the server refuse before the body is sent; a client that sends
    // it anyway may see its upload cut (EPIPE) when the server answers early and closes.
    const token = await tokenFor('admin-1', 'admin');
    const body = JSON.stringify({ id: uuidv7(), languageCode: 'ko', title: 'x', description: 'd'.repeat(2 * 1024 * 1024 + 1) });
    const r = await new Promise<{ status: number; body: unknown }>((ok, fail) => {
      const req = httpRequest(
        `${server.trpcUrl}/saveDeck`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            authorization: `Bearer ${token}`,
            expect: '100-continue',
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (text += d));
          res.on('end', () => ok({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown }));
          res.on('error', fail);
        },
      );
      req.on('continue', () => req.end(body));
      req.on('error', fail);
    });
    assert.equal(r.status, 413);
    assertWholeFailure(r.body, 'PAYLOAD_TOO_LARGE', 413);
  });

  it('a body of exactly 2 MiB is accepted', async () => {
    const token = await tokenFor('admin-1', 'admin');
    const deck = JSON.stringify({ id: uuidv7(), languageCode: 'ko', title: 'Padded' });
    const body = deck + ' '.repeat(2 * 1024 * 1024 - Buffer.byteLength(deck));
    assert.equal(Buffer.byteLength(body), 2 * 1024 * 1024);
    const r = await raw('saveDeck', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body,
    });
    assert.equal(r.status, 200);
    assert.equal((r.body as { result: { data: Deck } }).result.data.title, 'Padded');
  });

  it('a streamed body over 2 MiB (no content-length) → 413 PAYLOAD_TOO_LARGE', async () => {
    const token = await tokenFor('admin-1', 'admin');
    // 2 MiB + 1 byte in chunks: the server must read all of it to find it too large.
    const chunks = [...Array.from({ length: 8 }, () => new Uint8Array(256 * 1024).fill(0x20)), new Uint8Array([0x20])];
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    const r = await raw('saveDeck', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    assert.equal(r.status, 413);
    assertWholeFailure(r.body, 'PAYLOAD_TOO_LARGE', 413);
  });

  it('a malformed JSON body → 400 PARSE_ERROR', async () => {
    const token = await tokenFor('admin-1', 'admin');
    const r = await raw('saveDeck', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: '{"id": ',
    });
    assert.equal(r.status, 400);
    assertWholeFailure(r.body, 'PARSE_ERROR', 400);
  });
});
