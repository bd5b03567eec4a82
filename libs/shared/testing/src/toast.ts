import { screen, waitFor, within } from '@testing-library/react';

/**
 * The toast titled `title`: the whole toast, so a test can check that its description is the one
 * read with that title rather than some text elsewhere on the page. Throws when there is none.
 */
export function getToast(title: string): HTMLElement {
  const viewport = screen.getByRole('region', { name: /^Notificaciones \(/ });
  const toast = within(viewport).getByText(title).closest('li');
  if (!toast) throw new Error(`"${title}" is not inside a toast`);
  return toast;
}

/** getToast, once the toast shows. */
export function findToast(title: string): Promise<HTMLElement> {
  return waitFor(() => getToast(title));
}
