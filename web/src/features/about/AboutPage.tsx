// /about: every source of the data WriteIt teaches (sources.ts), each with what it gives, who
// made it, its licence and how WriteIt changed it, as the licences ask.
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/I18nContext';
import { PageHeader } from '../shared/components';
import { DATA_SOURCES, type DataSource, type Licence } from './sources';

/** A link out of the app, in a new tab; names and URLs read left to right in any locale. */
function Out({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
      <bdi>{children}</bdi>
    </Link>
  );
}

function LicenceLink({ licence }: { licence: Licence }) {
  return <Out href={licence.url}>{licence.name}</Out>;
}

/** A label and its value, one line each on a phone. */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 1 }} component="div">
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ minWidth: { sm: 120 }, flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Stack>
  );
}

function SourceCard({ source }: { source: DataSource }) {
  const t = useT();
  const titleId = `about-${source.id}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, md: 3 } }} data-testid="data-source" data-source={source.id}>
      <Typography variant="h6" component="h2" id={titleId} gutterBottom sx={{ overflowWrap: 'anywhere' }}>
        <Out href={source.url}>{source.name}</Out>
      </Typography>
      <Typography sx={{ mb: 1.5 }}>{t(source.uses)}</Typography>
      <Stack component="dl" spacing={0.75} sx={{ m: 0 }}>
        <Field label={t('about.credit')}>
          <bdi>{source.credit}</bdi>
        </Field>
        <Field label={t('about.licence')}>
          <LicenceLink licence={source.licence} />
        </Field>
        {source.changes && <Field label={t('about.changes')}>{t(source.changes)}</Field>}
        {source.upstream && (
          <Field label={t('about.alsoCredited')}>
            <Stack component="span" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
              {source.upstream.map((u) => (
                // One left-to-right run (names, credit, licence), in any locale.
                <bdi key={u.name}>
                  <Out href={u.url}>{u.name}</Out> — {u.credit} (<LicenceLink licence={u.licence} />)
                </bdi>
              ))}
            </Stack>
          </Field>
        )}
      </Stack>
    </Paper>
  );
}

export function AboutPage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('about.title')} subtitle={t('about.intro')} crumbs={[{ to: '/settings', label: t('settings.title') }]} />
      <Stack spacing={2}>
        {DATA_SOURCES.map((s) => (
          <SourceCard key={s.id} source={s} />
        ))}
        <Typography color="text.secondary">{t('about.shareAlike')}</Typography>
      </Stack>
    </>
  );
}
