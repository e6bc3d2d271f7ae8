// The update snackbar, loaded only once an update is available, so the initial bundle does not
// carry it (its chunk is precached, so it loads offline too).
import { Suspense, lazy } from 'react';
import type { UpdatePromptProps } from './UpdatePrompt';
import { useUpdateAvailable } from './updates';

const Prompt = lazy(() => import('./UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })));

/** Render once inside the shell (within the MUI theme and the i18n provider). */
export function UpdatePrompt(props: UpdatePromptProps) {
  const available = useUpdateAvailable();
  if (!available) return null;
  return (
    <Suspense fallback={null}>
      <Prompt {...props} />
    </Suspense>
  );
}
