// The breadcrumbs of the admin pages: Languages › code › section.
import type { useT } from '../../i18n/I18nContext';
import type { Crumb } from '../shared/components';

export type AdminSection = 'decks' | 'entries' | 'characters';

/** Languages › code › section. */
export function adminCrumbs(t: ReturnType<typeof useT>, code: string, section?: AdminSection): Crumb[] {
  const crumbs: Crumb[] = [
    { to: '/admin', label: t('admin.languages') },
    { to: `/admin/${code}`, label: code },
  ];
  if (section) {
    const label = section === 'decks' ? t('nav.decks') : section === 'entries' ? t('nav.entries') : t('admin.characters');
    crumbs.push({ to: `/admin/${code}/${section}`, label });
  }
  return crumbs;
}
