// The breadcrumbs of the admin pages: Languages › the language, by name › section.
import { useLanguageName } from '../../app/languages';
import { useT } from '../../i18n/I18nContext';
import type { Crumb } from '../shared/components';

export type AdminSection = 'decks' | 'entries' | 'characters';

/** Languages › the language (`name`) › section. */
export function adminCrumbs(t: ReturnType<typeof useT>, code: string, name: string, section?: AdminSection): Crumb[] {
  const crumbs: Crumb[] = [
    { to: '/admin', label: t('admin.languages') },
    { to: `/admin/${code}`, label: name },
  ];
  if (section) {
    const label = section === 'decks' ? t('nav.decks') : section === 'entries' ? t('nav.entries') : t('admin.characters');
    crumbs.push({ to: `/admin/${code}/${section}`, label });
  }
  return crumbs;
}

/** The crumbs of a page of language `code`, named in the UI's language. */
export function useAdminCrumbs(code: string, section?: AdminSection): Crumb[] {
  return adminCrumbs(useT(), code, useLanguageName(code), section);
}
