// What the entry editor says when a recording is not attached, by the server's answer.
import { describe, expect, it } from 'vitest';
import type { TFunction } from '../../i18n/I18nContext';
import { TransferError } from '../importExport/transfer';
import { uploadFailure } from './AudioUpload';

const t = ((key: string, params?: Record<string, unknown>) => (params ? `${key} ${JSON.stringify(params)}` : key)) as TFunction;

describe('uploadFailure', () => {
  it.each([
    [new TransferError('file: the recording is larger than 10 MiB', 413), 'admin.entry.audioTooLarge {"mib":10}'],
    [new TransferError('file: is not an audio file (MP3, Ogg, WAV, M4A, WebM or FLAC)', 415), 'admin.entry.audioNotAudio'],
    [new TransferError('file: is empty; choose a recording', 400), 'admin.entry.audioEmpty'],
    [new TransferError('Sign in as an admin or an editor of the language to attach recordings', 401), 'admin.entry.audioForbidden'],
    [new TransferError("You may not attach recordings in language 'ko'", 403), 'admin.entry.audioForbidden'],
    [new TransferError('network'), 'admin.entry.audioFailed {"message":"transfer.network"}'],
    [new TransferError('entryId: is required', 400), 'admin.entry.audioFailed {"message":"entryId: is required"}'],
    [new Error('boom'), 'admin.entry.audioFailed {"message":"boom"}'],
  ])('%s → %s', (error, text) => {
    expect(uploadFailure(t, error)).toBe(text);
  });
});
