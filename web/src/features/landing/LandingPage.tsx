// The landing page (/ on the web): what you will learn, and the choice of the language, each a
// button by its name (sorted by name) that sets the studied language and goes on to create an
// account (or to /home when signed in): one click from here to the sign-up form.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link, useNavigate } from 'react-router';
import { useLanguageCode } from '../../app/languageCode';
import { useLanguageName, useLanguagesByName } from '../../app/languages';
import { useT } from '../../i18n/I18nContext';
import { useAuthState } from '../../session/authBridge';
import { LoadingState } from '../shared/components';
import { usePageTitle } from '../shared/usePageTitle';

/** Where choosing a language leads a visitor: the sign-up form, then /home. */
export const SIGN_UP_PATH = '/signin?mode=signUp';

export function LandingPage() {
  const t = useT();
  usePageTitle(undefined);
  const navigate = useNavigate();
  const { languageCode, allowed, setLanguageCode } = useLanguageCode();
  const languageName = useLanguageName(languageCode);
  const languages = useLanguagesByName();
  const signedIn = useAuthState().status === 'user';
  const choose = (code: string) => {
    setLanguageCode(code);
    void navigate(signedIn ? '/home' : SIGN_UP_PATH);
  };
  return (
    <Box sx={{ py: { xs: 3, md: 6 } }}>
      <Box sx={{ textAlign: 'center', mb: 4 }}>
        <Typography variant="overline" component="p" color="primary" sx={{ fontWeight: 700, fontSize: '1rem' }}>
          {t('app.name')}
        </Typography>
        <Typography variant="h3" component="h1" sx={{ fontWeight: 700, mb: 2, fontSize: { xs: '2rem', md: '3rem' } }}>
          {t('landing.headline', { language: languageName })}
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary" sx={{ maxWidth: 720, mx: 'auto', fontWeight: 400 }}>
          {t('landing.whatYouLearn')}
        </Typography>
      </Box>
      {allowed && (
        <Box component="section" aria-labelledby="landing-choose" sx={{ mb: 4 }}>
          <Typography variant="h5" component="h2" id="landing-choose" sx={{ textAlign: 'center', mb: 2 }}>
            {t('landing.choose')}
          </Typography>
          {languages === undefined ? (
            <LoadingState />
          ) : (
            <Grid container spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0, maxWidth: 880, mx: 'auto' }}>
              {languages.map((l) => (
                <Grid key={l.id} size={{ xs: 6, sm: 4, md: 3 }} component="li">
                  <ButtonBase
                    onClick={() => choose(l.id)}
                    aria-current={l.id === languageCode ? 'true' : undefined}
                    data-testid={`choose-${l.id}`}
                    sx={{
                      width: '100%',
                      height: '100%',
                      minHeight: 72,
                      p: 1.5,
                      borderRadius: 2,
                      border: 1,
                      borderColor: l.id === languageCode ? 'primary.main' : 'divider',
                      bgcolor: l.id === languageCode ? 'action.selected' : 'background.paper',
                      flexDirection: 'column',
                      '&:hover': { borderColor: 'primary.main' },
                      '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main' },
                    }}
                  >
                    <Typography variant="subtitle1" component="span" sx={{ fontWeight: 600 }}>
                      {l.label}
                    </Typography>
                    {l.nativeName && l.nativeName !== l.label && (
                      <Typography variant="body2" component="span" color="text.secondary" lang={l.id}>
                        {l.nativeName}
                      </Typography>
                    )}
                  </ButtonBase>
                </Grid>
              ))}
            </Grid>
          )}
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'center', mt: 2, flexWrap: 'wrap', rowGap: 1 }} useFlexGap>
            {!signedIn && (
              <Button component={Link} to="/signin">
                {t('landing.haveAccount')}
              </Button>
            )}
            <Button component={Link} to="/home">
              {signedIn ? t('landing.toHome') : t('landing.tryFirst')}
            </Button>
          </Stack>
        </Box>
      )}
      {!allowed && (
        <Box sx={{ textAlign: 'center', mb: 4 }}>
          <Button variant="contained" size="large" component={Link} to={signedIn ? '/home' : SIGN_UP_PATH}>
            {t('landing.start')}
          </Button>
        </Box>
      )}
      <Grid container spacing={2}>
        {(['decks', 'writing', 'offline'] as const).map((key) => (
          <Grid key={key} size={{ xs: 12, md: 4 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="h6" component="h2" gutterBottom>
                  {t(`landing.${key}.title`)}
                </Typography>
                <Typography color="text.secondary">{t(`landing.${key}.body`)}</Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
