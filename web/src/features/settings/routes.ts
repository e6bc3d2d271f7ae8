// The settings pages as the router loads them (one chunk): /settings and /theme.
export { SettingsPage } from './SettingsPage';
export { ThemePage } from './ThemePage';
