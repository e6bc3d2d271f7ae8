// Each way a sync can stop maps to a kind the status can say in words.
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { MALFORMED_RESPONSE } from '../api/client';
import { syncErrorKind, type SyncErrorKind } from './syncError';

const rpcError = (code: string, message = 'the ID token was revoked: sign in again') =>
  new TRPCClientError(message, { result: { error: { message, code: -32001, data: { code, httpStatus: 401 } } } as never });

describe('syncErrorKind', () => {
  const rows: [string, unknown, SyncErrorKind][] = [
    ['a refused token', rpcError('UNAUTHORIZED'), 'signedOut'],
    ['the database unavailable', rpcError('SERVICE_UNAVAILABLE'), 'busy'],
    ['too many requests', rpcError('TOO_MANY_REQUESTS'), 'busy'],
    ['a timeout', rpcError('TIMEOUT'), 'busy'],
    ['a server failure', rpcError('INTERNAL_SERVER_ERROR'), 'server'],
    ['an answer that is not tRPC', new TRPCClientError(MALFORMED_RESPONSE), 'server'],
    ['a refusal of one item', rpcError('BAD_REQUEST'), 'other'],
    ['anything else', new Error('boom'), 'other'],
  ];
  for (const [what, error, kind] of rows) {
    it(`${what}: ${kind}`, () => expect(syncErrorKind(error)).toBe(kind));
  }
});
