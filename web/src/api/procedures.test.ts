import { describe, expect, it } from 'vitest';
import type { Api } from './client';
import { answerOf, isMutation, isUserProcedure, mutate, queryPage } from './procedures';

describe('the procedures registry', () => {
  it.each([
    ['saveUserReview', true, true],
    ['saveUserEntry', true, true],
    ['saveUserDeck', true, true],
    ['saveDeck', true, false],
    ['saveEntry', true, false],
    ['saveCharacter', true, false],
    ['queryUserCards', false, true],
    ['queryDecks', false, false],
    ['getServerTime', false, false],
    ['saveSomethingNew', false, false],
    ['toString', false, false],
  ])('%s: mutation %s, user %s', (name, mutation, user) => {
    expect(isMutation(name)).toBe(mutation);
    expect(isUserProcedure(name)).toBe(user);
  });

  it.each([
    ['saveUserReview', { table: 'userCards', field: 'card' }],
    ['saveCharacter', { table: 'characters', field: 'character' }],
    ['saveEntry', { table: 'entries', field: 'entry' }],
    ['saveDeck', { table: 'decks' }],
    ['saveUserDeck', { table: 'userDecks' }],
    ['saveUserEntry', { table: 'userEntries' }],
  ] as const)('%s answers %o', (name, answer) => {
    expect(answerOf(name)).toEqual(answer);
  });

  it('calls procedures by name', async () => {
    const calls: string[] = [];
    const api = new Proxy({}, {
      get: (_, name: string) => ({
        query: (input: unknown) => (calls.push(`${name} ${JSON.stringify(input)}`), Promise.resolve([])),
        mutate: (input: unknown) => (calls.push(`${name} ${JSON.stringify(input)}`), Promise.resolve({})),
      }),
    }) as Api;
    await queryPage(api, 'userEntries', { offset: 0, limit: 1 });
    await queryPage(api, 'characters', { offset: 5, limit: 2 });
    await mutate(api, 'saveUserEntry', { entryId: 'e', enabled: true });
    expect(calls).toEqual(['queryUserEntries {"offset":0,"limit":1}', 'queryCharacters {"offset":5,"limit":2}', 'saveUserEntry {"entryId":"e","enabled":true}']);
  });
});
