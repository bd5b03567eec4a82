/** @jest-environment jsdom */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toHaveNoViolations } from 'jest-axe';
import { useRef, useState } from 'react';
import { expectAccessibleInBothThemes, renderWithTheme } from '../test-utils';
import { AlertDialog } from './AlertDialog';
import { Button } from './Button';

expect.extend(toHaveNoViolations);

function setup(onConfirm = jest.fn()) {
  renderWithTheme(
    <AlertDialog
      trigger={<Button>Salir</Button>}
      title="¿Estás seguro de que quieres cerrar sesión?"
      confirmLabel="Cerrar Sesión"
      cancelLabel="Cancelar"
      onConfirm={onConfirm}
      destructive
    />,
  );
  return { onConfirm, user: userEvent.setup() };
}

describe('AlertDialog', () => {
  it('asks its question in an alertdialog with focus on Cancelar', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Salir' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Estás seguro de que quieres cerrar sesión?' });
    expect(dialog).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
  });

  it('confirms once and closes', async () => {
    const { user, onConfirm } = setup();
    await user.click(screen.getByRole('button', { name: 'Salir' }));
    await user.click(screen.getByRole('button', { name: 'Cerrar Sesión' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('cancels without confirming', async () => {
    const { user, onConfirm } = setup();
    await user.click(screen.getByRole('button', { name: 'Salir' }));
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('lets a controlled dialog without trigger give focus back where it came from', async () => {
    function Controlled() {
      const [open, setOpen] = useState(false);
      const opener = useRef<HTMLButtonElement>(null);
      return (
        <>
          <Button ref={opener} onClick={() => setOpen(true)}>
            Abrir
          </Button>
          <AlertDialog
            open={open}
            onOpenChange={setOpen}
            title="¿Seguro?"
            confirmLabel="Sí"
            onConfirm={() => undefined}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              opener.current?.focus();
            }}
          />
        </>
      );
    }
    const user = userEvent.setup();
    renderWithTheme(<Controlled />);
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(screen.getByRole('alertdialog')).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Abrir' }));
  });

  it('has no axe violations in either theme when open', async () => {
    await expectAccessibleInBothThemes(
      <AlertDialog open title="¿Seguro?" description="No se puede deshacer." confirmLabel="Sí" onConfirm={() => undefined} />,
    );
  });
});
