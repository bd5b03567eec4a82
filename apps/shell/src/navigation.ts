/** A full page load (the session changed, so the shell starts again). Its own module so tests can replace it. */
export function hardNavigate(url: string): void {
  window.location.href = url;
}
