// The settings section that leads to /about (the data's sources and licences).
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { Link } from 'react-router';
import { useT } from '../../i18n/I18nContext';
import { SettingsSection } from '../settings/sections';

export function AboutSection() {
  const t = useT();
  return (
    <SettingsSection id="settings-about" title={t('about.title')}>
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        {t('about.settingsBody')}
      </Typography>
      <Button variant="outlined" startIcon={<InfoOutlined />} component={Link} to="/about" data-testid="about-link">
        {t('about.link')}
      </Button>
    </SettingsSection>
  );
}
