// Picks the language being studied from the synced `languages` table (only when allowed), listed
// by name in the UI's language, sorted by it.
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useT } from '../../i18n/I18nContext';
import { useLanguageCode } from '../languageCode';
import { useLanguageName, useLanguagesByName } from '../languages';

export function LanguagePicker({ size = 'small', variant = 'outlined', fullWidth = false, dense = false }: {
  size?: 'small' | 'medium';
  variant?: 'outlined' | 'filled' | 'standard';
  fullWidth?: boolean;
  dense?: boolean;
}) {
  const t = useT();
  const { languageCode, allowed, setLanguageCode } = useLanguageCode();
  const languages = useLanguagesByName() ?? [];
  const currentName = useLanguageName(languageCode);
  if (!allowed) return null;
  const known = languages.some((l) => l.id === languageCode);
  return (
    <TextField
      select
      size={size}
      variant={variant}
      fullWidth={fullWidth}
      label={dense ? undefined : t('language.label')}
      value={languageCode}
      onChange={(e) => setLanguageCode(e.target.value)}
      slotProps={{ htmlInput: { 'aria-label': t('language.label') } }}
      sx={dense ? { minWidth: 120, '& .MuiInputBase-root': { color: 'inherit' }, '& fieldset': { borderColor: 'currentColor', opacity: 0.5 }, '& svg': { color: 'inherit' } } : { minWidth: 200 }}
    >
      {!known && <MenuItem value={languageCode}>{currentName}</MenuItem>}
      {languages.map((l) => (
        <MenuItem key={l.id} value={l.id}>
          {l.label}
          {l.nativeName && l.nativeName !== l.label && (
            <span lang={l.id} style={{ opacity: 0.7, marginInlineStart: '0.5em' }}>
              {l.nativeName}
            </span>
          )}
        </MenuItem>
      ))}
    </TextField>
  );
}
