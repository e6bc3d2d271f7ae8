// The "A new version is available — Reload" snackbar (SPEC §4: periodic version checks). Render
// it once inside the shell; it shows itself when useUpdateAvailable() turns true. The texts are
// props so the shell can pass translated ones.
import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import CloseIcon from '@mui/icons-material/Close';
import { applyUpdate, dismissUpdate, useUpdateAvailable } from './updates';

export interface UpdatePromptProps {
  message?: string;
  reloadLabel?: string;
  closeLabel?: string;
}

export function UpdatePrompt({
  message = 'A new version is available',
  reloadLabel = 'Reload',
  closeLabel = 'Close',
}: UpdatePromptProps) {
  const available = useUpdateAvailable();
  const [reloading, setReloading] = useState(false);
  return (
    <Snackbar
      open={available}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message={message}
      action={
        <>
          <Button
            color="secondary"
            size="small"
            disabled={reloading}
            onClick={() => {
              setReloading(true);
              void applyUpdate();
            }}
          >
            {reloadLabel}
          </Button>
          <IconButton size="small" color="inherit" aria-label={closeLabel} onClick={dismissUpdate}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </>
      }
    />
  );
}
