// The page's localStorage when it may be used: undefined where there is none (Node, a worker) or
// where reading it throws (access denied by privacy settings).

/** localStorage, or undefined when it is missing or access is denied. */
export function safeLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
