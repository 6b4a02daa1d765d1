/** Where to go after login: only paths of this app, never the login callback itself. */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return '/';
  }
  if (value === '/authentication' || value.startsWith('/authentication?')) return '/';
  return value;
}

export function currentPath(): string {
  return window.location.pathname + window.location.search;
}
