// What the admin area's gate (features/admin, loaded on demand) renders, handed over by context so
// the gate's chunk never imports the shell's own modules (which would split the first chunk).
import { createContext, type ReactNode } from 'react';

export interface AdminShells {
  /** The admin layout with the page. */
  admin: ReactNode;
  /** The default layout with the page (the router's 404s of unknown admin paths). */
  defaultLayout: ReactNode;
  /** The default layout around other content (the 403 page). */
  inDefault: (content: ReactNode) => ReactNode;
  /** Whether the route's parameters are valid (else the page throws the fatal 404). */
  paramsValid: boolean;
}

export const AdminShellsContext = createContext<AdminShells | null>(null);
