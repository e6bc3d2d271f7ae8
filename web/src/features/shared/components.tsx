// Shared page pieces: header, loading and missing states, count chips. While the learner writes
// on a small screen the header is one line: a way back (to the last crumb) and the title.
import { Suspense, lazy, useLayoutEffect, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import IconButton from '@mui/material/IconButton';
import ArrowBack from '@mui/icons-material/ArrowBack';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { holdSnapshot } from '../../app/snapshot/live';
import { useCompactChrome } from '../../app/layout/writingFocus';
import { useT } from '../../i18n/I18nContext';
import { usePageTitle } from './usePageTitle';

export interface Crumb {
  to: string;
  label: string;
}

export function PageHeader({
  title,
  subtitle,
  actions,
  crumbs,
  lang,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  crumbs?: Crumb[];
  /** Language of the title text (content in the studied language). */
  lang?: string;
}) {
  const t = useT();
  usePageTitle(title);
  const compact = useCompactChrome();
  const back = crumbs?.at(-1);
  if (compact) {
    return (
      <Box component="header" sx={{ mb: 1, display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
        {back && (
          <IconButton component={RouterLink} to={back.to} size="small" edge="start" aria-label={t('nav.backTo', { page: back.label })}>
            {/* The arrow points to where the page came from: left, or right in a right-to-left page. */}
            <ArrowBack fontSize="small" sx={{ transform: (th) => (th.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
          </IconButton>
        )}
        <Typography variant="subtitle1" component="h1" lang={lang} noWrap sx={{ fontWeight: 600, minWidth: 0 }}>
          <bdi>{title}</bdi>
        </Typography>
      </Box>
    );
  }
  return (
    <Box component="header" sx={{ mb: 3 }}>
      {crumbs && crumbs.length > 0 && (
        <Breadcrumbs aria-label={t('nav.breadcrumbs')} sx={{ mb: 1 }}>
          {crumbs.map((c) => (
            <Link key={c.to} component={RouterLink} to={c.to} underline="hover" color="inherit">
              <bdi>{c.label}</bdi>
            </Link>
          ))}
          <Typography color="text.primary" lang={lang}>
            <bdi>{title}</bdi>
          </Typography>
        </Breadcrumbs>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="h4" component="h1" lang={lang} sx={{ wordBreak: 'break-word' }}>
            <bdi>{title}</bdi>
          </Typography>
          {subtitle && (
            <Typography variant="body1" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
              {subtitle}
            </Typography>
          )}
        </Box>
        {actions && (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {actions}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}

export function LoadingState() {
  const t = useT();
  // A start's snapshot of this page stays up while it is still reading its data.
  useLayoutEffect(() => holdSnapshot(), []);
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label={t('loading.label')} />
    </Box>
  );
}

/** Asks the server where a deck or entry is (loaded only then: it needs the sync engine). */
const NotOnDevice = lazy(() => import('./NotOnDevice'));

/** Shown when a row is not in the local data (not synced yet, removed, or of a language this
 * device does not hold). Given the id of a deck or an entry, it finds out which, and offers to
 * add its language (NotOnDevice.tsx). */
export function MissingState({ kind, id }: { kind: 'deck' | 'entry' | 'language' | 'character'; id?: string }) {
  if (id && (kind === 'deck' || kind === 'entry')) {
    return (
      <Suspense fallback={<LoadingState />}>
        <NotOnDevice kind={kind} id={id} />
      </Suspense>
    );
  }
  return <NotHere kind={kind} />;
}

function NotHere({ kind }: { kind: 'deck' | 'entry' | 'language' | 'character' }) {
  const t = useT();
  const title = t(`missing.${kind}`);
  usePageTitle(title);
  return (
    <Alert severity="info" sx={{ my: 2 }}>
      <Typography component="h1" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {t('missing.hint')}
    </Alert>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
      {children}
    </Typography>
  );
}
