// The identity client's reading of refusals: the reasons whose words say more than the code
// (issue 37), from answers shaped as the server writes them.
import { describe, expect, it } from 'vitest';
import { authReason, IdentityClient, IdentityError } from './identity';

/** A client whose every call is answered 400 with `message`. */
const refusing = (message: string) =>
  new IdentityClient({
    url: 'http://id.test',
    fetch: () =>
      Promise.resolve(new Response(JSON.stringify({ error: { code: 400, message } }), { status: 400, headers: { 'content-type': 'application/json' } })),
  });

describe('authReason', () => {
  it.each([
    ['WEAK_PASSWORD : Password is among the most common passwords found in data breaches', 'breached'],
    ['WEAK_PASSWORD : Password is a common breached password with digits or symbols added: those are guessed first', 'breached-padded'],
    ["EMAIL_EXISTS : Another account's address looks the same as this one", 'email-lookalike'],
    ['INVALID_EMAIL : The email mixes scripts in its local part (Latin, Cyrillic)', 'email-mixed-scripts'],
    ['INVALID_NEW_EMAIL : The email mixes scripts in its domain (Latin, Greek)', 'email-mixed-scripts'],
    ['WEAK_PASSWORD : Password should be at least 8 characters', undefined],
    ['EMAIL_EXISTS', undefined],
    ['INVALID_EMAIL : The email has invisible or text-direction characters', undefined],
    // A detail under another code names no reason.
    ['INVALID_ARGUMENT : The email mixes scripts', undefined],
  ])('%s → %s', async (message, reason) => {
    const e = await refusing(message)
      .signUp('a@b.test', 'x')
      .catch((err: unknown) => err);
    expect(e).toBeInstanceOf(IdentityError);
    expect(authReason(e)).toBe(reason);
  });

  it('names nothing for errors that are not identity errors', () => {
    expect(authReason(new Error('WEAK_PASSWORD : Password is among the most common passwords found in data breaches'))).toBeUndefined();
  });
});
