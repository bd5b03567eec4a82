/** A full page load: after signing in the shell must start again with the new session. */
export function hardNavigate(url: string): void {
  window.location.href = url;
}

/**
 * Where to go after signing in: the `next` parameter when it is a path on this site, else
 * /dashboard. Anything that could leave the site (//host, /\host, a scheme) is refused.
 */
export function safeNextPath(next: string | null | undefined): string {
  const fallback = '/dashboard';
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  if ([...next].some((ch) => ch.charCodeAt(0) < 0x20) || next.startsWith('/api/')) return fallback;
  try {
    const url = new URL(next, 'https://arrendia.invalid');
    if (url.origin !== 'https://arrendia.invalid') return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
