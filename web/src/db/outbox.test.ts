// The outbox and the local-first mutations against a real `writeit serve` (DESIGN §4, §6).
import { beforeAll, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import type { Deck, Entry, SaveUserReviewOutput } from '../api/generated/types';
import { cardId } from './cardId';
import { loadCached } from './cache';
import { harnessesPerTest, mintToken, newUserId, serverApi, serverEnabled, until, type Harness } from './testing/harness';
import { LAST_SYNC_KEY } from './sync';
import { errorCode } from '../api/client';
import { TRPCClientError } from '@trpc/client';
import { mendInput } from './outbox';

const make = harnessesPerTest();

let entries: Entry[];
let decks: Deck[];
beforeAll(async () => {
  const guest = serverApi(null);
  entries = (await guest.queryEntries.query({ offset: 0, limit: 10 })).filter((e) => !e.deleted);
  decks = (await guest.queryDecks.query({ offset: 0, limit: 10 })).filter((d) => !d.deleted);
  expect(entries.length).toBeGreaterThanOrEqual(3);
  expect(decks.length).toBeGreaterThanOrEqual(1);
});
const entry = (i: number): Entry => entries[i] as Entry;
const deck = (i: number): Deck => decks[i] as Deck;

/** Lets background pushes (kicked by mutations) finish. */
async function settle(h: Harness): Promise<void> {
  await h.engine.flush();
  await h.engine.flush();
}

describe('mutations and the outbox', () => {
  it('write locally at once, queue the call, and store the server’s answer', async () => {
    const h = await make({ userId: newUserId() });
    const row = await h.mutations.saveUserEntry({ entryId: entry(0).id, enabled: true });
    expect(row).toMatchObject({ entryId: entry(0).id, enabled: true });
    expect(await h.db.userEntries.get(entry(0).id)).toMatchObject({ enabled: true });
    expect(h.cache.get('userEntries', entry(0).id)?.enabled).toBe(true);

    await settle(h);
    expect(await h.db.outbox.count()).toBe(0);
    const stored = await h.db.userEntries.get(entry(0).id);
    expect(stored?.updatedAt).toBeGreaterThan(0); // the server's row
    expect(h.engine.getState()).toMatchObject({ pending: 0, refused: 0 });
  });

  it('replays in order after being offline; a review’s card is stored', async () => {
    const h = await make({ userId: newUserId() });
    h.net.down = true;
    const e = entry(1);
    await h.mutations.saveUserEntry({ entryId: e.id, enabled: true });
    await h.mutations.saveUserEntry({ entryId: e.id, enabled: false });
    await h.mutations.saveUserDeck({ deckId: deck(0).id, newPerDay: 7 });
    const review = await h.mutations.saveUserReview({ entryId: e.id, kind: 'meaning', rating: 3, durationMs: 1200 });
    expect(review.cardId).toBe(cardId(e.id, 'meaning'));
    await settle(h);
    expect(await h.db.outbox.count()).toBe(4);
    await until(() => h.engine.getState().pending === 4);
    expect(h.engine.getState().status).toBe('offline');
    // The optimistic state is there while offline.
    expect(await h.db.userEntries.get(e.id)).toMatchObject({ enabled: false });
    expect(await h.db.userReviews.get(review.id)).toMatchObject({ rating: 3 });

    h.net.down = false;
    h.calls.length = 0;
    const state = await h.engine.sync();
    expect(state).toMatchObject({ status: 'idle', pending: 0, refused: 0 });
    const names = h.procedures();
    // Pushed first, in seq order (one batch), then the pull.
    expect(names.slice(0, 5)).toEqual([
      'saveUserEntry',
      'saveUserEntry',
      'saveUserDeck',
      'saveUserReview',
      'getServerTime',
    ]);
    expect(await h.db.outbox.count()).toBe(0);

    const token = await h.session.getIdToken();
    const api = serverApi(token);
    const serverEntries = await api.queryUserEntries.query({ offset: 0 });
    expect(serverEntries.find((u) => u.id === e.id)).toMatchObject({ enabled: false });
    expect((await api.queryUserDecks.query({ offset: 0 })).find((d) => d.id === deck(0).id)).toMatchObject({
      newPerDay: 7,
    });
    const card = await h.db.userCards.get(cardId(e.id, 'meaning'));
    expect(card).toMatchObject({ entryId: e.id, kind: 'meaning', reps: 1 });
    // The pull after the push brought the card again, so the cache dropped the answer's copy; a
    // read caches the stored one.
    expect((await loadCached('userCards', card?.id ?? '', h.db, h.cache))?.reps).toBe(1);
  });

  it("caches the card a review's answer returns", async () => {
    const h = await make({ userId: newUserId() });
    const e = entry(3);
    const review = await h.mutations.saveUserReview({ entryId: e.id, kind: 'reading', rating: 3 });
    await settle(h);
    expect(await h.db.outbox.count()).toBe(0);
    const cached = h.cache.get('userCards', review.cardId);
    expect(cached).toMatchObject({ id: review.cardId, entryId: e.id, kind: 'reading', reps: 1 });
    expect(cached?.updatedAt).toBeGreaterThan(0); // the server's card
    expect(Object.isFrozen(cached)).toBe(true);
  });

  it('is idempotent: a review sent twice (answer lost) is one review and the same card', async () => {
    const h = await make({ userId: newUserId() });
    h.net.loseNextAnswer = true;
    const review = await h.mutations.saveUserReview({ entryId: entry(2).id, kind: 'writing', rating: 4, score: 0.9 });
    // The push the mutation kicked off fails once.
    await until(async () => (await h.db.outbox.toArray())[0]?.attempts === 1);
    // The server got it, the client did not hear back: still queued.
    const first = h.calls.find((c) => c.procedures.includes('saveUserReview'));
    expect(first?.status).toBe(200);
    expect(await h.db.outbox.count()).toBe(1);
    expect((await h.db.outbox.toArray())[0]?.attempts).toBe(1);

    await h.engine.flush();
    expect(await h.db.outbox.count()).toBe(0);
    const sends = h.calls.filter((c) => c.procedures.includes('saveUserReview'));
    expect(sends).toHaveLength(2);
    const [a, b] = sends.map((c) => (c.outputs?.[0] as SaveUserReviewOutput).card);
    expect(b).toEqual(a);

    const api = serverApi(await h.session.getIdToken());
    const reviews = (await api.queryUserReviews.query({ offset: 0 })).filter((r) => r.id === review.id);
    expect(reviews).toHaveLength(1);
    const cards = await api.queryUserCards.query({ offset: 0 });
    expect(cards.filter((c) => c.id === review.cardId)).toHaveLength(1);
    expect(await h.db.userCards.get(review.cardId)).toMatchObject({ reps: 1 });
  });

  it('keeps permanent failures aside (never lost), restores the local rows, and goes on', async () => {
    const h = await make({ userId: newUserId() });
    const first = await h.mutations.saveUserReview({ entryId: entry(0).id, kind: 'reading', rating: 3 });
    await settle(h);
    expect(await h.db.outbox.count()).toBe(0);

    h.net.failMutations = true; // queue them all, then send them in one go
    const bad = await h.mutations.saveUserReview({ entryId: uuidv7(), kind: 'meaning', rating: 3 }); // BAD_REQUEST
    const newDeck = await h.mutations.saveDeck({ languageCode: 'ko', title: 'Not mine' }); // FORBIDDEN
    await h.mutations.saveUserReview({ id: first.id, entryId: entry(0).id, kind: 'reading', rating: 1 }); // CONFLICT
    await h.mutations.saveUserEntry({ entryId: entry(0).id, enabled: true }); // fine
    expect(await h.db.decks.get(newDeck.id)).toBeDefined();
    expect((await h.db.userReviews.get(first.id))?.rating).toBe(1);
    await settle(h);
    h.net.failMutations = false;

    const out = await h.engine.flush();
    expect(out).toMatchObject({ sent: 1, refused: 3 });
    expect(out.stoppedBy).toBeUndefined();
    const failed = await h.engine.refusedMutations();
    expect(failed.map((f) => f.procedure)).toEqual(['saveUserReview', 'saveDeck', 'saveUserReview']);
    expect(failed.map((f) => f.state)).toEqual(['failed', 'failed', 'failed']);
    expect(failed[0]?.lastError).toMatch(/entryId/);
    expect(failed[0]?.input).toMatchObject({ id: bad.id });
    expect(failed[1]?.lastError).toBeTruthy();
    expect(failed[2]?.lastError).toBeTruthy();
    // Why, as the server's data says (no build here: the harness runs none).
    expect(failed.map((f) => f.refusal?.code)).toEqual(['BAD_REQUEST', 'FORBIDDEN', 'CONFLICT']);
    expect(h.engine.getState()).toMatchObject({ pending: 0, refused: 3 });
    // Listed for the learner, named after what they changed (an entry not here by its id).
    await h.db.entries.put(entry(0));
    const refused = await h.engine.refusedChanges();
    expect(refused.map((r) => [r.procedure, r.name])).toEqual([
      ['saveUserReview', bad.entryId],
      ['saveDeck', 'Not mine'],
      ['saveUserReview', entry(0).text],
    ]);
    expect(refused.map((r) => r.seq)).toEqual(failed.map((f) => f.seq));
    expect(refused.map((r) => r.refusal)).toEqual(failed.map((f) => f.refusal));
    // Local rows are back to what the server has.
    expect(await h.db.userReviews.get(bad.id)).toBeUndefined();
    expect(await h.db.decks.get(newDeck.id)).toBeUndefined();
    expect(h.cache.get('decks', newDeck.id)).toBeUndefined();
    expect((await h.db.userReviews.get(first.id))?.rating).toBe(3);
    expect(await h.db.userEntries.get(entry(0).id)).toMatchObject({ enabled: true });
    expect(await serverEnabled(h, entry(0).id)).toBe(true);

    // A failed item is never resent by itself; retry resends it, discard forgets it.
    await h.engine.flush();
    expect(h.engine.getState().refused).toBe(3);
    await h.engine.retryRefused(failed[1]?.seq as number);
    await settle(h);
    expect(h.engine.getState().refused).toBe(3);
    for (const f of await h.engine.refusedMutations()) await h.engine.discardRefused(f.seq as number);
    expect(h.engine.getState()).toMatchObject({ pending: 0, refused: 0 });
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('a retried refusal puts the row back as it is now, not as it was at the first refusal', async () => {
    const admin = serverApi(await mintToken(newUserId(), 'admin'));
    const id = uuidv7();
    const fields = { id, languageCode: 'ko', text: '갑', audioUrl: null };
    await admin.saveEntry.mutate({ ...fields, notes: 'v1' });
    const h = await make({ userId: newUserId() });
    await h.engine.sync();
    // A learner's edit of a public entry is refused (FORBIDDEN): set aside, the row back to v1.
    await h.mutations.saveEntry({ ...fields, notes: 'mine' });
    await settle(h);
    expect(h.engine.getState().refused).toBe(1);
    expect(await h.db.entries.get(id)).toMatchObject({ notes: 'v1' });
    // An editor changes it meanwhile, and a sync brings v2.
    await admin.saveEntry.mutate({ ...fields, notes: 'v2' });
    await h.engine.sync();
    expect(await h.db.entries.get(id)).toMatchObject({ notes: 'v2' });
    // Retried and refused again: the row stays v2.
    await h.engine.retryRefused((await h.engine.refusedMutations())[0]?.seq as number);
    await settle(h);
    expect(h.engine.getState().refused).toBe(1);
    expect(await h.db.entries.get(id)).toMatchObject({ notes: 'v2' });
  });

  it('holds user mutations while signed out and sends them after sign-in', async () => {
    const h = await make();
    await h.mutations.saveUserEntry({ entryId: entry(1).id, enabled: true });
    await settle(h);
    expect(h.procedures()).not.toContain('saveUserEntry');
    expect(h.engine.getState().pending).toBe(1);

    await h.signIn();
    await settle(h);
    expect(h.procedures()).toContain('saveUserEntry');
    expect(h.engine.getState().pending).toBe(0);
  });

  it('never lets a pulled row overwrite a pending local write', async () => {
    const userId = newUserId();
    const h = await make({ userId });
    await serverApi(await h.session.getIdToken()).saveUserEntry.mutate({ entryId: entry(2).id, enabled: true });
    h.net.failMutations = true;
    await h.mutations.saveUserEntry({ entryId: entry(2).id, enabled: false });
    const state = await h.engine.sync(); // the push fails, the pull works
    expect(state.pending).toBe(1);
    expect(h.procedures()).toContain('queryUserEntries');
    expect(await h.db.userEntries.get(entry(2).id)).toMatchObject({ enabled: false });
    // The pulled row is what a refusal would restore.
    const item = (await h.db.outbox.toArray())[0];
    expect(item?.before?.[0]?.row).toMatchObject({ enabled: true });

    h.net.failMutations = false;
    await h.engine.sync();
    expect(await h.db.userEntries.get(entry(2).id)).toMatchObject({ enabled: false });
    expect(await serverEnabled(h, entry(2).id)).toBe(false);
  });

  it('before a sign-out, pushes the user’s changes and counts those the server has not got', async () => {
    const h = await make({ userId: newUserId() });
    expect(await h.engine.unsentUserChanges()).toBe(0);
    // Online: pushed, nothing left.
    await h.mutations.saveUserEntry({ entryId: entry(0).id, enabled: true });
    expect(await h.engine.unsentUserChanges()).toBe(0);
    expect(h.procedures()).toContain('saveUserEntry');
    // The push fails: one left. A refused one counts too (signing out would delete it).
    h.net.failMutations = true;
    await h.mutations.saveUserEntry({ entryId: entry(1).id, enabled: true });
    expect(await h.engine.unsentUserChanges()).toBe(1);
    h.net.failMutations = false;
    await h.mutations.saveUserReview({ entryId: uuidv7(), kind: 'meaning', rating: 3 }); // BAD_REQUEST
    expect(await h.engine.unsentUserChanges()).toBe(1);
    expect(h.engine.getState()).toMatchObject({ pending: 0, refused: 1 });
    // A curator's change is not the user's: it stays queued through a sign-out.
    await h.engine.discardRefused((await h.engine.refusedMutations())[0]?.seq as number);
    h.net.failMutations = true;
    await h.mutations.saveDeck({ languageCode: 'ko', title: 'Queued' });
    expect(await h.engine.unsentUserChanges()).toBe(0);
  });

  it('clearUserData forgets user rows and queued user mutations, keeps the rest', async () => {
    const h = await make({ userId: newUserId() });
    await h.engine.sync();
    h.net.down = true;
    await h.mutations.saveUserEntry({ entryId: entry(0).id, enabled: true });
    await h.mutations.saveEntry({ languageCode: 'ko', text: '오프라인' }); // admin save, stays queued
    await settle(h);
    expect(await h.db.outbox.count()).toBe(2);

    h.session.setSession(null);
    await h.engine.clearUserData();
    expect(await h.db.userEntries.count()).toBe(0);
    expect((await h.db.outbox.toArray()).map((i) => i.procedure)).toEqual(['saveEntry']);
    expect(h.storage.getItem(LAST_SYNC_KEY)).toBeNull();
    expect(h.cache.get('userEntries', entry(0).id)).toBeUndefined();
    expect(await h.db.entries.count()).toBeGreaterThan(0);
  });

  it('curator saves go through the outbox and come back from the server', async () => {
    const h = await make({ role: 'admin' });
    const saved = await h.mutations.saveEntry({ languageCode: 'ko', text: '연필', meanings: ['pencil'] });
    expect(saved.updatedAt).toBe(0);
    await settle(h);
    const stored = await h.db.entries.get(saved.id);
    expect(stored?.updatedAt).toBeGreaterThan(0);
    expect(stored).toMatchObject({ text: '연필', meanings: ['pencil'], deleted: false });

    const adminToken = await mintToken(newUserId(), 'admin');
    const onServer = await serverApi(adminToken).queryEntries.query({ offset: (stored?.updatedAt ?? 1) - 1 });
    expect(onServer.find((e) => e.id === saved.id)).toMatchObject({ text: '연필' });
  });

  it('never takes an answer out of the device history for its date: refused for reviewedAt, it stays, listed to retry', async () => {
    const h = await make({ userId: newUserId() });
    h.net.refuseMutations = { code: 'BAD_REQUEST', httpStatus: 400, message: 'reviewedAt: out of range', data: { reason: 'outOfRange', field: 'reviewedAt' } };
    const review = await h.mutations.saveUserReview({ entryId: entry(0).id, kind: 'meaning', rating: 3 });
    await settle(h);
    expect(h.engine.getState().refused).toBe(1);
    expect(await h.db.userReviews.get(review.id)).toMatchObject({ id: review.id, deleted: false });
    // Once the server takes it, it is sent and stays.
    h.net.refuseMutations = undefined;
    await h.engine.retryRefused((await h.engine.refusedMutations())[0]?.seq as number);
    await settle(h);
    expect(h.engine.getState()).toMatchObject({ pending: 0, refused: 0 });
    expect(await h.db.userReviews.get(review.id)).toMatchObject({ id: review.id, deleted: false });
  });

  it('sends a change refused for something the app sent wrongly again when another build starts, in order', async () => {
    const userId = newUserId();
    const a = await make({ userId, buildId: 'A' });
    // Refused for what it is (a learner may not edit decks): never sent again by itself.
    await a.mutations.saveDeck({ languageCode: 'ko', title: 'Not mine' });
    await settle(a);
    expect(a.engine.getState().refused).toBe(1);
    // Build A sends what the server cannot read (as issue 23's fractional durationMs).
    a.net.refuseMutations = {
      code: 'BAD_REQUEST',
      httpStatus: 400,
      message: 'invalid type: floating point `1.5`, expected i64',
      data: { reason: 'invalidType', field: 'durationMs' },
    };
    const r1 = await a.mutations.saveUserReview({ entryId: entry(0).id, kind: 'meaning', rating: 3 });
    await a.mutations.saveUserEntry({ entryId: entry(1).id, enabled: true });
    const r2 = await a.mutations.saveUserReview({ entryId: entry(2).id, kind: 'reading', rating: 4 });
    await settle(a);
    const failed = await a.engine.refusedMutations();
    expect(failed.map((f) => f.procedure)).toEqual(['saveDeck', 'saveUserReview', 'saveUserEntry', 'saveUserReview']);
    expect(failed[1]?.refusal).toEqual({ code: 'BAD_REQUEST', reason: 'invalidType', field: 'durationMs', build: 'A' });
    expect(failed[0]?.refusal).toMatchObject({ code: 'FORBIDDEN', build: 'A' });
    expect(await a.db.userReviews.get(r1.id)).toBeUndefined(); // undone here

    // The app starts again on build B, which still sends them wrongly: sent once, refused again,
    // now waiting for a build after B.
    const b = await make({ tabOf: a, userId, buildId: 'B' });
    b.net.refuseMutations = a.net.refuseMutations;
    await b.engine.flush();
    expect(b.procedures().filter((p) => p.startsWith('save'))).toEqual(['saveUserReview', 'saveUserEntry', 'saveUserReview']);
    expect((await b.engine.refusedMutations()).map((f) => f.refusal?.build)).toEqual(['A', 'B', 'B', 'B']);

    // Another start of B sends nothing.
    const b2 = await make({ tabOf: a, userId, buildId: 'B' });
    await b2.engine.flush();
    expect(b2.procedures().filter((p) => p.startsWith('save'))).toEqual([]);
    expect(b2.engine.getState()).toMatchObject({ pending: 0, refused: 4 });

    // Build C sends them right: they go, in their order; the deck stays refused.
    const c = await make({ tabOf: a, userId, buildId: 'C' });
    const out = await c.engine.flush();
    expect(out).toMatchObject({ sent: 3, refused: 0 });
    const saves = c.calls.filter((x) => x.procedures.some((p) => p.startsWith('save')));
    expect(saves.flatMap((x) => x.inputs).map((i) => (i as { id?: string; entryId?: string }).id ?? (i as { entryId: string }).entryId)).toEqual([
      r1.id,
      entry(1).id,
      r2.id,
    ]);
    expect((await c.engine.refusedMutations()).map((f) => f.procedure)).toEqual(['saveDeck']);
    expect(c.engine.getState()).toMatchObject({ pending: 0, refused: 1 });
    const api = serverApi(await c.session.getIdToken());
    const reviews = await api.queryUserReviews.query({ offset: 0 });
    expect(reviews.map((r) => r.id).sort()).toEqual([r1.id, r2.id].sort());
    expect(await serverEnabled(c, entry(1).id)).toBe(true);
  });

  it('issue 23: reviews refused for a fractional durationMs, set aside by the build that sent them, go through on the next build', async () => {
    const userId = newUserId();
    const h = await make({ userId });
    const e = entry(3);
    const review = {
      id: uuidv7(),
      cardId: cardId(e.id, 'writing'),
      entryId: e.id,
      kind: 'writing' as const,
      rating: 3,
      reviewedAt: Date.now() + 0.5,
      durationMs: 1834.7000000000007,
    };
    // The server refuses the input as it was sent.
    const refusal = await serverApi(await h.session.getIdToken())
      .saveUserReview.mutate(review)
      .catch((err: unknown) => err);
    expect(errorCode(refusal)).toBe('BAD_REQUEST');
    expect(refusal).toBeInstanceOf(TRPCClientError);
    const data = (refusal as { data: { reason?: string; field?: string } }).data;
    // The server names the first field it could not read.
    expect(data).toMatchObject({ reason: 'invalidType', field: 'reviewedAt' });
    // Kept aside by that build (no refusal recorded: before this change).
    await h.db.outbox.add({
      procedure: 'saveUserReview',
      input: review,
      queuedAt: Date.now(),
      attempts: 1,
      state: 'failed',
      lastError: (refusal as Error).message,
      before: [{ table: 'userReviews', key: review.id, row: null }],
    });

    const next = await make({ tabOf: h, userId, buildId: 'next' });
    expect(await next.engine.flush()).toMatchObject({ sent: 1, refused: 0 });
    const saved = (await serverApi(await next.session.getIdToken()).queryUserReviews.query({ offset: 0 })).find((r) => r.id === review.id);
    expect(saved).toMatchObject({ durationMs: 1835, reviewedAt: Math.round(review.reviewedAt) });
    expect(next.engine.getState()).toMatchObject({ pending: 0, refused: 0 });
  });

  it('mends only the fields it knows, and leaves whole numbers and other procedures alone', () => {
    const input = { id: 'r', durationMs: 1200, reviewedAt: 5 };
    expect(mendInput('saveUserReview', input)).toBe(input);
    expect(mendInput('saveUserReview', { id: 'r', durationMs: 0.4 })).toEqual({ id: 'r', durationMs: 0 });
    const deck = { id: 'd', position: 1.5 };
    expect(mendInput('saveDeck', deck)).toBe(deck);
  });
});
