// A link of the app's navigation, as the app bar and the drawer both draw it.
import type { ReactNode } from 'react';

export interface NavItem {
  to: string;
  label: string;
  icon: ReactNode;
  /** Match only the exact path (for section roots such as /admin). */
  end?: boolean;
}
