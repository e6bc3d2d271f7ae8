// The admin area's access rules: who is refused where, and the role claims of an ID token.
import { describe, expect, it } from 'vitest';
import { accessFromAccount, accessFromIdToken, curatesLanguage, refusalOf, type Access } from './access';

const token = (claims: object) =>
  ['{"alg":"EdDSA"}', JSON.stringify(claims), 'sig'].map((p) => Buffer.from(p).toString('base64url')).join('.');

describe('refusalOf', () => {
  const admin: Access = { role: 'admin', languages: [] };
  const koEditor: Access = { role: 'editor', languages: ['ko'] };
  const user: Access = { role: 'user', languages: [] };
  const guest: Access = { role: 'guest', languages: [] };

  it('lets an admin in everywhere', () => {
    expect(refusalOf(admin, undefined)).toBeNull();
    expect(refusalOf(admin, 'ja')).toBeNull();
  });

  it('lets an editor into the admin home and their own languages only', () => {
    expect(refusalOf(koEditor, undefined)).toBeNull();
    expect(refusalOf(koEditor, 'ko')).toBeNull();
    expect(refusalOf(koEditor, 'ja')).toBe('language');
    expect(curatesLanguage(koEditor, 'ko')).toBe(true);
    expect(curatesLanguage(koEditor, 'ja')).toBe(false);
  });

  it('refuses guests, users and editors of no language', () => {
    expect(refusalOf(guest, undefined)).toBe('guest');
    expect(refusalOf(guest, 'ko')).toBe('guest');
    expect(refusalOf(user, 'ko')).toBe('role');
    expect(refusalOf(user, undefined)).toBe('role');
    expect(refusalOf({ role: 'editor', languages: [] }, undefined)).toBe('role');
  });
});

describe('accessFromIdToken', () => {
  it('reads role and langs', () => {
    expect(accessFromIdToken(token({ sub: 'u', role: 'editor', langs: ['ko', 'ja'] }))).toEqual({ role: 'editor', languages: ['ko', 'ja'] });
    expect(accessFromIdToken(token({ sub: 'u', role: 'admin' }))).toEqual({ role: 'admin', languages: [] });
  });

  it('makes anything else a plain user, and a malformed token nothing', () => {
    expect(accessFromIdToken(token({ sub: 'u', role: 'root', langs: [1, 'ko'] }))).toEqual({ role: 'user', languages: ['ko'] });
    expect(accessFromIdToken('not a token')).toBeNull();
    expect(accessFromIdToken('a.!!!.c')).toBeNull();
    expect(accessFromIdToken('')).toBeNull();
  });

  it('decodes UTF-8 claims', () => {
    expect(accessFromIdToken(token({ role: 'editor', langs: ['ko'], email: '한국@example.com' }))?.languages).toEqual(['ko']);
  });
});

it('takes the account lookup as it is', () => {
  expect(accessFromAccount({ role: 'editor', languages: ['ko'] })).toEqual({ role: 'editor', languages: ['ko'] });
});
