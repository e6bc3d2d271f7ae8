// The identity client (DESIGN §5, docs/identity.md): the embedded identity service at
// /identity/v1/ (a full host in the native shell), whose endpoints and JSON mirror the hosted
// identity REST API. Failures become an IdentityError carrying the upstream code, the client code
// of SPEC §8 ('auth/…') and a message key the UI translates.

/** Tokens of a signed-in session. */
export interface Tokens {
  userId: string;
  idToken: string;
  refreshToken: string;
  /** Client time (ms) when the ID token expires. */
  expiresAt: number;
}

/** A sign-in that needs its second factor (upstream: mfaPendingCredential + mfaInfo). */
export interface MfaRequired {
  mfaPendingCredential: string;
  enrollmentId: string;
}

/** An account as accounts:lookup answers it (the parts the app shows). */
export interface AccountInfo {
  userId: string;
  email: string;
  emailVerified: boolean;
  displayName?: string;
  /** The TOTP factor, when enrolled. */
  totp?: { enrollmentId: string; enrolledAt: string };
  role: 'user' | 'editor' | 'admin';
  languages: string[];
}

/** What mfaEnrollment:start answers: the secret to put in an authenticator app. */
export interface TotpEnrollment {
  sharedSecretKey: string;
  sessionInfo: string;
  periodSec: number;
  verificationCodeLength: number;
  hashingAlgorithm: string;
}

/** A session of the account as accounts:listSessions answers it (WriteIt's own endpoint). */
export interface SessionListed {
  sessionId: string;
  /** 'Chrome', 'Firefox', …; '' when not recognised. */
  browser: string;
  /** 'Linux', 'iOS', …; '' when not recognised. */
  os: string;
  /** ms since the epoch. */
  createdAt: number;
  /** Its last token refresh (ms): within an ID token's lifetime of its last use. */
  lastUsedAt: number;
  /** The session of the ID token that asked. */
  current: boolean;
}

export type OobRequestType = 'PASSWORD_RESET' | 'VERIFY_EMAIL' | 'EMAIL_SIGNIN' | 'VERIFY_AND_CHANGE_EMAIL';

/** The client codes of SPEC §8 and the others the identity client uses. */
export type AuthCode =
  | 'auth/argument-error'
  | 'auth/network-request-failed'
  | 'auth/internal-error'
  | 'auth/password-does-not-meet-requirements'
  | 'auth/multi-factor-auth-required'
  | 'auth/email-already-in-use'
  | 'auth/invalid-credential'
  | 'auth/invalid-email'
  | 'auth/missing-password'
  | 'auth/too-many-requests'
  | 'auth/invalid-action-code'
  | 'auth/expired-action-code'
  | 'auth/user-disabled'
  | 'auth/user-token-expired'
  | 'auth/requires-recent-login'
  | 'auth/invalid-verification-code'
  | 'auth/second-factor-already-in-use'
  | 'auth/user-mismatch'
  | 'auth/user-not-found'
  | 'auth/invalid-user-token'
  | 'auth/invalid-continue-uri'
  | 'auth/invalid-multi-factor-session'
  | 'auth/multi-factor-info-not-found'
  | 'auth/session-not-found';

/** Upstream code → client code (docs/identity.md has the same table). */
const CODES: Record<string, AuthCode> = {
  EMAIL_EXISTS: 'auth/email-already-in-use',
  INVALID_LOGIN_CREDENTIALS: 'auth/invalid-credential',
  INVALID_PASSWORD: 'auth/invalid-credential',
  EMAIL_NOT_FOUND: 'auth/invalid-credential',
  WEAK_PASSWORD: 'auth/password-does-not-meet-requirements',
  PASSWORD_DOES_NOT_MEET_REQUIREMENTS: 'auth/password-does-not-meet-requirements',
  TOO_MANY_ATTEMPTS_TRY_LATER: 'auth/too-many-requests',
  INVALID_OOB_CODE: 'auth/invalid-action-code',
  EXPIRED_OOB_CODE: 'auth/expired-action-code',
  USER_DISABLED: 'auth/user-disabled',
  TOKEN_EXPIRED: 'auth/user-token-expired',
  INVALID_ID_TOKEN: 'auth/user-token-expired',
  INVALID_REFRESH_TOKEN: 'auth/invalid-user-token',
  USER_NOT_FOUND: 'auth/user-not-found',
  INVALID_CONTINUE_URI: 'auth/invalid-continue-uri',
  MISSING_MFA_PENDING_CREDENTIAL: 'auth/invalid-multi-factor-session',
  SESSION_EXPIRED: 'auth/invalid-multi-factor-session',
  INVALID_SESSION_INFO: 'auth/invalid-multi-factor-session',
  MFA_ENROLLMENT_NOT_FOUND: 'auth/multi-factor-info-not-found',
  INVALID_IDENTIFIER: 'auth/invalid-email',
  MISSING_IDENTIFIER: 'auth/invalid-email',
  INVALID_DISPLAY_NAME: 'auth/argument-error',
  INVALID_REQ_TYPE: 'auth/argument-error',
  INVALID_GRANT_TYPE: 'auth/argument-error',
  CREDENTIAL_TOO_OLD_LOGIN_AGAIN: 'auth/requires-recent-login',
  INVALID_EMAIL: 'auth/invalid-email',
  MISSING_EMAIL: 'auth/invalid-email',
  INVALID_NEW_EMAIL: 'auth/invalid-email',
  MISSING_NEW_EMAIL: 'auth/invalid-email',
  MISSING_PASSWORD: 'auth/missing-password',
  INVALID_CODE: 'auth/invalid-verification-code',
  MISSING_CODE: 'auth/invalid-verification-code',
  INVALID_MFA_PENDING_CREDENTIAL: 'auth/invalid-multi-factor-session',
  SECOND_FACTOR_EXISTS: 'auth/second-factor-already-in-use',
  SESSION_NOT_FOUND: 'auth/session-not-found',
  INVALID_ARGUMENT: 'auth/argument-error',
};

/** Why the server refused, where its detail after ' : ' says more than the code and the learner
 * can act on it (docs/identity.md "Client mapping"); each has its words, `auth.reason.<reason>`. */
export type AuthReason = 'breached' | 'breached-padded' | 'email-lookalike' | 'email-mixed-scripts';

/** The upstream codes and the starts of the server's details that name a reason
 * (crates/writeit-server/src/identity: password.rs, error.rs, wire.rs). */
const REASONS: { upstream: string[]; detail: string; reason: AuthReason }[] = [
  { upstream: ['WEAK_PASSWORD'], detail: 'Password is among the most common passwords found in data breaches', reason: 'breached' },
  { upstream: ['WEAK_PASSWORD'], detail: 'Password is a common breached password with digits or symbols added', reason: 'breached-padded' },
  { upstream: ['EMAIL_EXISTS'], detail: "Another account's address looks the same as this one", reason: 'email-lookalike' },
  { upstream: ['INVALID_EMAIL', 'INVALID_NEW_EMAIL'], detail: 'The email mixes scripts', reason: 'email-mixed-scripts' },
];

/** The reason an identity error names, if any. */
export function authReason(e: unknown): AuthReason | undefined {
  if (!(e instanceof IdentityError) || !e.detail) return undefined;
  const detail = e.detail;
  return REASONS.find((r) => r.upstream.includes(e.upstream) && detail.startsWith(r.detail))?.reason;
}

/** The i18n key of each reason's message. */
export type AuthReasonKey = `auth.reason.${AuthReason}`;

/** A failed identity call. */
export class IdentityError extends Error {
  constructor(
    /** The upstream code, e.g. 'EMAIL_EXISTS' ('' for network failures). */
    readonly upstream: string,
    readonly code: AuthCode,
    /** Seconds to wait, for 'auth/too-many-requests'. */
    readonly retryAfter?: number,
    /** The server's detail after ' : ' (e.g. what the password lacks). */
    readonly detail?: string,
  ) {
    super(detail ? `${upstream}: ${detail}` : upstream || code);
    this.name = 'IdentityError';
  }
}

/** The client code of any error an identity call threw. */
export function authCode(e: unknown): AuthCode {
  return e instanceof IdentityError ? e.code : 'auth/internal-error';
}

type CodeName<C> = C extends `auth/${infer S}` ? S : never;
/** The i18n key of each client code's message. */
export type AuthErrorKey = `auth.error.${CodeName<AuthCode>}`;

/** The i18n key of an error's message ('auth.error.invalid-credential', …). */
export function authErrorKey(e: unknown): AuthErrorKey {
  return `auth.error.${authCode(e).slice('auth/'.length)}` as AuthErrorKey;
}

/** The identity endpoint: VITE_IDENTITY_URL, else next to VITE_API_URL's host (native shell), else
 * '/identity/v1' on the app's own origin. */
export function identityUrl(): string {
  const configured: unknown = import.meta.env.VITE_IDENTITY_URL;
  if (typeof configured === 'string' && configured !== '') return configured.replace(/\/$/, '');
  const api: unknown = import.meta.env.VITE_API_URL;
  if (typeof api === 'string' && /^https?:\/\//.test(api)) return new URL('/identity/v1', api).toString();
  return '/identity/v1';
}

interface ClientOptions {
  url?: string;
  fetch?: typeof fetch;
  /** Client clock (tests). */
  now?: () => number;
}

type Json = Record<string, unknown>;

/** Upstream codes not in the table: MISSING_* fields are client bugs (argument-error). */
function codeOf(upstream: string, status: number): AuthCode {
  if (CODES[upstream]) return CODES[upstream];
  if (upstream.startsWith('MISSING_')) return 'auth/argument-error';
  return status === 429 ? 'auth/too-many-requests' : 'auth/internal-error';
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The identity service's calls. */
export class IdentityClient {
  private readonly url: string;
  private readonly fetchFn: typeof fetch;
  private readonly now: () => number;

  constructor(opts: ClientOptions = {}) {
    this.url = opts.url ?? identityUrl();
    this.fetchFn = opts.fetch ?? ((...args) => fetch(...args));
    this.now = opts.now ?? Date.now;
  }

  private async call(path: string, body: Json | URLSearchParams): Promise<Json> {
    let res: Response;
    try {
      res =
        body instanceof URLSearchParams
          ? await this.fetchFn(`${this.url}/${path}`, { method: 'POST', body })
          : await this.fetchFn(`${this.url}/${path}`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify(body),
            });
    } catch {
      throw new IdentityError('', 'auth/network-request-failed');
    }
    let data: unknown;
    try {
      data = await res.json();
    } catch {
      throw new IdentityError('', res.status >= 500 || res.ok ? 'auth/internal-error' : 'auth/network-request-failed');
    }
    if (res.ok && typeof data === 'object' && data !== null) return data as Json;
    const message = str((data as { error?: { message?: unknown } } | null)?.error?.message);
    const [upstream = '', detail] = message.split(' : ');
    const retry = Number(res.headers.get('Retry-After'));
    const code = codeOf(upstream.trim(), res.status);
    throw new IdentityError(upstream.trim(), code, Number.isFinite(retry) && retry > 0 ? retry : undefined, detail?.trim());
  }

  /** Tokens of an answer; `userId` for answers that do not repeat it. */
  private tokens(data: Json, knownUserId?: string): Tokens {
    const idToken = str(data.idToken ?? data.id_token);
    const refreshToken = str(data.refreshToken ?? data.refresh_token);
    const userId = str(data.localId ?? data.user_id) || (knownUserId ?? '');
    const expiresIn = Number(data.expiresIn ?? data.expires_in);
    if (!idToken || !refreshToken || !userId || !Number.isFinite(expiresIn)) {
      throw new IdentityError('', 'auth/internal-error');
    }
    return { userId, idToken, refreshToken, expiresAt: this.now() + expiresIn * 1000 };
  }

  /** Tokens, or the second-factor step when the account has one. */
  private tokensOrMfa(data: Json): Tokens | MfaRequired {
    const pending = str(data.mfaPendingCredential);
    if (pending) {
      const info = Array.isArray(data.mfaInfo) ? (data.mfaInfo[0] as Json | undefined) : undefined;
      return { mfaPendingCredential: pending, enrollmentId: str(info?.mfaEnrollmentId) };
    }
    return this.tokens(data);
  }

  async signUp(email: string, password: string): Promise<Tokens> {
    return this.tokens(await this.call('accounts:signUp', { email, password, returnSecureToken: true, clientType: 'CLIENT_TYPE_WEB' }));
  }

  async signInWithPassword(email: string, password: string): Promise<Tokens | MfaRequired> {
    return this.tokensOrMfa(
      await this.call('accounts:signInWithPassword', { email, password, returnSecureToken: true, clientType: 'CLIENT_TYPE_WEB' }),
    );
  }

  /** Completes a sign-in with a TOTP code or a recovery code. */
  async finishMfaSignIn(step: MfaRequired, code: string): Promise<Tokens> {
    return this.tokens(
      await this.call('mfaSignIn:finalize', {
        mfaPendingCredential: step.mfaPendingCredential,
        mfaEnrollmentId: step.enrollmentId,
        totpVerificationInfo: { verificationCode: code.trim() },
      }),
    );
  }

  async signInWithEmailLink(email: string, oobCode: string): Promise<Tokens | MfaRequired> {
    return this.tokensOrMfa(await this.call('accounts:signInWithEmailLink', { email, oobCode, returnSecureToken: true }));
  }

  /** New tokens for a refresh token (rotated: the old one is spent). */
  async refresh(refreshToken: string): Promise<Tokens> {
    return this.tokens(await this.call('token', new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken })));
  }

  async lookup(idToken: string): Promise<AccountInfo> {
    const data = await this.call('accounts:lookup', { idToken });
    const user = (Array.isArray(data.users) ? data.users[0] : undefined) as Json | undefined;
    if (!user) throw new IdentityError('USER_NOT_FOUND', 'auth/user-token-expired');
    let custom: { role?: unknown; languages?: unknown } = {};
    try {
      custom = JSON.parse(str(user.customAttributes) || '{}') as typeof custom;
    } catch {
      // no role information: a user
    }
    const mfa = Array.isArray(user.mfaInfo) ? (user.mfaInfo[0] as Json | undefined) : undefined;
    const role = custom.role === 'admin' || custom.role === 'editor' ? custom.role : 'user';
    return {
      userId: str(user.localId),
      email: str(user.email),
      emailVerified: user.emailVerified === true,
      displayName: str(user.displayName) || undefined,
      totp: mfa ? { enrollmentId: str(mfa.mfaEnrollmentId), enrolledAt: str(mfa.enrolledAt) } : undefined,
      role,
      languages: Array.isArray(custom.languages) ? custom.languages.filter((l): l is string => typeof l === 'string') : [],
    };
  }

  /** Mails a code: PASSWORD_RESET and EMAIL_SIGNIN need `email`, VERIFY_EMAIL the ID token,
   * VERIFY_AND_CHANGE_EMAIL the ID token and `newEmail`. */
  async sendOobCode(requestType: OobRequestType, args: { email?: string; idToken?: string; newEmail?: string; continueUrl?: string }) {
    await this.call('accounts:sendOobCode', { requestType, ...args });
  }

  /** Sets a new password with a PASSWORD_RESET code; without `newPassword` only checks the code
   * and answers the account's email. */
  async resetPassword(oobCode: string, newPassword?: string): Promise<string> {
    return str((await this.call('accounts:resetPassword', newPassword === undefined ? { oobCode } : { oobCode, newPassword })).email);
  }

  /** Applies a VERIFY_EMAIL or VERIFY_AND_CHANGE_EMAIL code; answers the account's email. */
  async applyCode(oobCode: string): Promise<string> {
    return str((await this.call('accounts:update', { oobCode })).email);
  }

  /** Changes the email, password or display name; a new password answers new tokens (the old
   * refresh tokens are revoked). */
  async update(
    session: Pick<Tokens, 'idToken' | 'userId'>,
    changes: { email?: string; password?: string; displayName?: string },
  ): Promise<Tokens | null> {
    const data = await this.call('accounts:update', { idToken: session.idToken, ...changes, returnSecureToken: true });
    return data.idToken ? this.tokens(data, session.userId) : null;
  }

  async deleteAccount(idToken: string): Promise<void> {
    await this.call('accounts:delete', { idToken });
  }

  /** Revokes the session's refresh token (WriteIt's own endpoint). */
  async signOut(args: { idToken?: string; refreshToken?: string }): Promise<void> {
    await this.call('accounts:signOut', args);
  }

  /** The account's live sessions, the last used first. */
  async listSessions(idToken: string): Promise<SessionListed[]> {
    const data = await this.call('accounts:listSessions', { idToken });
    const list = Array.isArray(data.sessions) ? (data.sessions as Json[]) : [];
    return list.map((s) => ({
      sessionId: str(s.sessionId),
      browser: str(s.browser),
      os: str(s.os),
      createdAt: Number(s.createdAt) || 0,
      lastUsedAt: Number(s.lastUsedAt) || 0,
      current: s.current === true,
    }));
  }

  /** Ends one session of the account (its device is signed out within seconds). */
  async endSession(idToken: string, sessionId: string): Promise<void> {
    await this.call('accounts:endSession', { idToken, sessionId });
  }

  /** Ends every session of the account but this one; answers how many. */
  async endOtherSessions(idToken: string): Promise<number> {
    return Number((await this.call('accounts:endOtherSessions', { idToken })).ended) || 0;
  }

  async startTotpEnrollment(idToken: string): Promise<TotpEnrollment> {
    const info = (await this.call('mfaEnrollment:start', { idToken, totpEnrollmentInfo: {} })).totpSessionInfo as Json | undefined;
    return {
      sharedSecretKey: str(info?.sharedSecretKey),
      sessionInfo: str(info?.sessionInfo),
      periodSec: Number(info?.periodSec ?? 30),
      verificationCodeLength: Number(info?.verificationCodeLength ?? 6),
      hashingAlgorithm: str(info?.hashingAlgorithm) || 'SHA1',
    };
  }

  /** Enrols the factor with a first code; answers new tokens and the one-time recovery codes. */
  async finishTotpEnrollment(
    session: Pick<Tokens, 'idToken' | 'userId'>,
    enrollment: TotpEnrollment,
    code: string,
    displayName = 'Authenticator app',
  ): Promise<{ tokens: Tokens | null; recoveryCodes: string[] }> {
    const data = await this.call('mfaEnrollment:finalize', {
      idToken: session.idToken,
      displayName,
      totpVerificationInfo: { sessionInfo: enrollment.sessionInfo, verificationCode: code.trim() },
    });
    return {
      tokens: data.idToken ? this.tokens(data, session.userId) : null,
      recoveryCodes: Array.isArray(data.recoveryCodes) ? data.recoveryCodes.map(str) : [],
    };
  }

  async withdrawTotp(idToken: string, enrollmentId: string): Promise<void> {
    await this.call('mfaEnrollment:withdraw', { idToken, mfaEnrollmentId: enrollmentId });
  }
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(enrollment: TotpEnrollment, email: string, issuer = 'WriteIt'): string {
  const label = encodeURIComponent(`${issuer}:${email}`);
  const params = new URLSearchParams({
    secret: enrollment.sharedSecretKey,
    issuer,
    algorithm: enrollment.hashingAlgorithm,
    digits: String(enrollment.verificationCodeLength),
    period: String(enrollment.periodSec),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
