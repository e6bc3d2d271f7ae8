// The admin layout behind its door: shown to admins and to editors of the language in the URL;
// anyone else gets the 403 page inside the default layout. Unknown paths and invalid parameters
// fall through to the router's 404s, so a typo never reads as "forbidden".
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useContext } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { AdminShellsContext } from '../../app/layout/adminShells';
import { useT } from '../../i18n/I18nContext';
import { LoadingState } from '../shared/components';
import { usePageTitle } from '../shared/usePageTitle';
import { useAdminAccess, type Refusal } from './access';
import { useLanguageName } from '../../app/languages';

/** The admin routes of SPEC §2 (router.tsx): any other /admin path is the router's 404. */
const KNOWN_ADMIN_PATH = /^\/admin(?:\/[^/]+(?:\/(?:decks|entries|characters)(?:\/[^/]+)?)?)?\/?$/;

export function GatedAdminLayout() {
  const { languageCode } = useParams();
  const { pathname } = useLocation();
  const shells = useContext(AdminShellsContext);
  const access = useAdminAccess(languageCode);
  if (!shells) throw new Error('GatedAdminLayout outside AdminShellsProvider');
  if (access.status === 'allowed') return shells.admin;
  // Not ours to refuse: the router's own 404 (inside the default layout) or its fatal 404.
  if (!KNOWN_ADMIN_PATH.test(pathname) || !shells.paramsValid) return shells.defaultLayout;
  return shells.inDefault(
    access.status === 'loading' ? (
      <LoadingState />
    ) : (
      <ForbiddenPage refusal={access.refusal} languageCode={languageCode} email={access.email} onRecheck={access.recheck} />
    ),
  );
}

/** 403 in plain words: what this area is, why this account may not use it, who to ask, and the
 * ways out (sign in as someone else, home, ask again). No server commands: a learner cannot run
 * them; an editor refused another language is pointed at the documentation, where admins read
 * how roles are given. */
export function ForbiddenPage({ refusal, languageCode, email, onRecheck }: {
  refusal: Refusal;
  languageCode: string | undefined;
  email: string | undefined;
  onRecheck: () => void;
}) {
  const t = useT();
  const { pathname } = useLocation();
  const language = useLanguageName(languageCode ?? '');
  const title = t('admin.forbidden.title');
  usePageTitle(`403 · ${title}`);
  const editorElsewhere = refusal === 'language' && !!languageCode;
  const reason =
    refusal === 'guest'
      ? t('admin.forbidden.guest')
      : editorElsewhere
        ? t('admin.forbidden.language', { email: email ?? '', language })
        : t('admin.forbidden.role', { email: email ?? '' });
  return (
    <Container maxWidth="md" sx={{ py: 8, textAlign: 'center' }} data-testid="admin-forbidden" data-refusal={refusal}>
      <Typography variant="h1" component="p" color="primary" sx={{ fontWeight: 700, fontSize: { xs: 72, md: 120 } }} aria-hidden>
        403
      </Typography>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: editorElsewhere ? 1 : 4 }}>
        {reason}
      </Typography>
      {editorElsewhere && (
        <Typography color="text.secondary" variant="body2" sx={{ mb: 4 }}>
          {t('admin.forbidden.rolesDocs')}
        </Typography>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
        <Button variant="contained" component={Link} to={`/signin?continueUrl=${encodeURIComponent(pathname)}`}>
          {refusal === 'guest' ? t('admin.forbidden.signIn') : t('admin.forbidden.signInOther')}
        </Button>
        <Button variant="outlined" component={Link} to="/home">
          {t('errors.goHome')}
        </Button>
        {refusal !== 'guest' && (
          <Button onClick={onRecheck}>{t('admin.forbidden.recheck')}</Button>
        )}
      </Stack>
    </Container>
  );
}
