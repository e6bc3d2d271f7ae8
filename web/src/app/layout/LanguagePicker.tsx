// Picks the language being studied from the synced `languages` table (only when allowed).
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useT } from '../../i18n/I18nContext';
import { useLanguageCode } from '../languageCode';
import { useLanguages } from '../languages';

export function LanguagePicker({ size = 'small', variant = 'outlined', fullWidth = false, dense = false }: {
  size?: 'small' | 'medium';
  variant?: 'outlined' | 'filled' | 'standard';
  fullWidth?: boolean;
  dense?: boolean;
}) {
  const t = useT();
  const { languageCode, allowed, setLanguageCode } = useLanguageCode();
  const languages = useLanguages() ?? [];
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
      {!known && <MenuItem value={languageCode}>{languageCode}</MenuItem>}
      {languages.map((l) => (
        <MenuItem key={l.id} value={l.id} lang={l.id}>
          {l.nativeName && l.nativeName !== l.name ? `${l.nativeName} (${l.name})` : l.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
