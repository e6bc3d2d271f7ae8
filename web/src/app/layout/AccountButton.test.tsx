// @vitest-environment jsdom
// The app bar's account control, and its stand-in while the auth store loads.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { AuthState } from '../../session/auth';
import { AUTH_KEY } from '../../session/storedSession';

let state: AuthState = { status: 'unknown' };
vi.mock('../../session/authBridge', () => ({ useAuthState: () => state }));
vi.mock('../../i18n/I18nContext', () => ({ useT: () => (key: string) => (key === 'signin.title' ? 'Sign in' : key) }));
const { AccountButton } = await import('./AccountButton');

const show = () => render(<MemoryRouter><AccountButton /></MemoryRouter>);

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('AccountButton', () => {
  it('holds the place of "Sign in", invisibly and out of reach, while the auth store loads', () => {
    state = { status: 'unknown' };
    show();
    const stand = screen.getByTestId('account-placeholder');
    expect(stand.textContent).toBe('Sign in');
    expect(stand.getAttribute('aria-hidden')).toBe('true');
    expect((stand as HTMLButtonElement).disabled).toBe(true);
    expect(getComputedStyle(stand).visibility).toBe('hidden');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it("holds the account icon's place when a session is stored", () => {
    state = { status: 'unknown' };
    localStorage.setItem(AUTH_KEY, '{"userId":"u1"}');
    show();
    const stand = screen.getByTestId('account-placeholder');
    expect(stand.textContent).toBe('');
    expect(stand.querySelector('svg')).not.toBeNull();
  });

  it('shows the real control once the state is known', () => {
    state = { status: 'guest' };
    show();
    expect(screen.queryByTestId('account-placeholder')).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin');
  });
});
