// A row's fields as a read-only table (name, value), for the admin pages.
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import { useI18n, useT } from '../../i18n/I18nContext';

/** Read-only field table of a row. */
export function FieldTable({ fields }: { fields: [string, unknown][] }) {
  const t = useT();
  const { formatDateTime } = useI18n();
  const show = (name: string, value: unknown): string => {
    if (name === 'updatedAt' && typeof value === 'number') return `${formatDateTime(value)} (${value})`;
    if (typeof value === 'boolean') return value ? t('admin.yes') : t('admin.no');
    if (typeof value === 'string' || typeof value === 'number') return String(value);
    if (value === undefined || value === null) return '—';
    return JSON.stringify(value, null, 2);
  };
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={t('admin.fields')} size="small">
        <TableBody>
          {fields.map(([name, value]) => (
            <TableRow key={name}>
              <TableCell component="th" scope="row" sx={{ width: 180, verticalAlign: 'top', fontFamily: 'monospace' }}>
                {name}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: typeof value === 'object' ? 'monospace' : undefined }}>
                {show(name, value)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
