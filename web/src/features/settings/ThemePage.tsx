// /theme: the theme section alone, reached from the menu.
import { useT } from '../../i18n/I18nContext';
import { PageHeader } from '../shared/components';
import { ThemeSection } from './sections';

export function ThemePage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('theme.title')} crumbs={[{ to: '/settings', label: t('settings.title') }]} />
      <ThemeSection />
    </>
  );
}
