// What the sign-in forms share: the card each sits in, an action with a busy flag and a translated
// error, where to go after signing in, and the remembered address of a mailed sign-in link.
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { authErrorKey, authReason, IdentityError, type AuthReasonKey } from '../../api/identity';
import { useT } from '../../i18n/I18nContext';

/** Where the address of a mailed sign-in link is remembered until the link is opened. */
export const EMAIL_FOR_SIGN_IN_KEY = 'emailForSignIn';
/** The shortest password the server accepts (docs/identity.md). */
export const MIN_PASSWORD = 8;

/** A translated message for an identity error: its reason's words when the server named one (a
 * breached password, a lookalike address), else its code's. */
export function useErrorText(): (e: unknown) => string {
  const t = useT();
  return (e) => {
    const reason = authReason(e);
    const text = t(reason ? (`auth.reason.${reason}` satisfies AuthReasonKey) : authErrorKey(e));
    if (e instanceof IdentityError && e.code === 'auth/too-many-requests' && e.retryAfter) {
      return `${text} ${t('auth.retryAfter', { count: e.retryAfter })}`;
    }
    return text;
  };
}

/** Runs an async action with a busy flag and a translated error. */
export function useAction() {
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}

/** The card every auth form sits in, titled with `label`. */
export function AuthCard({ children, label }: { children: ReactNode; label: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 480 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {label}
      </Typography>
      {children}
    </Paper>
  );
}

/** localStorage, when the browser allows it. */
export function safeStorage(): Storage | undefined {
  try {
    return localStorage;
  } catch {
    return undefined;
  }
}

/** Where to go after signing in: a same-origin path from ?continueUrl=, else /home. */
export function useDestination(): string {
  const [params] = useSearchParams();
  return destination(params.get('continueUrl'), window.location.origin);
}

/** The path `next` names on `origin`, or /home: another origin, /signin itself, or a path the URL
 * parser folds into `//host` ('/.//evil', which navigating to would leave the origin) is not one.
 * The server holds mailed links to the same rule (identity/continue_url.rs). */
export function destination(next: string | null, origin: string): string {
  if (!next) return '/home';
  try {
    const url = new URL(next, origin);
    if (url.origin === origin && url.pathname !== '/signin' && !url.pathname.startsWith('//')) return url.pathname + url.search;
  } catch {
    // not a URL
  }
  return '/home';
}
