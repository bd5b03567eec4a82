/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toHaveNoViolations } from 'jest-axe';
import { expectAccessibleInBothThemes, renderWithTheme } from '../test-utils';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { TextField } from './TextField';

expect.extend(toHaveNoViolations);

const ui = (
  <Dialog title="Iniciar Sesión" description="Accede a tu cuenta." trigger={<Button>Abrir</Button>}>
    <TextField label="Correo electrónico" type="email" />
  </Dialog>
);

describe('Dialog', () => {
  it('opens from its trigger as a modal named by its title, with focus inside', async () => {
    const user = userEvent.setup();
    renderWithTheme(ui);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    const dialog = screen.getByRole('dialog', { name: 'Iniciar Sesión' });
    expect(dialog).toHaveAccessibleDescription('Accede a tu cuenta.');
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('closes on Escape and gives focus back to the trigger', async () => {
    const user = userEvent.setup();
    renderWithTheme(ui);
    const trigger = screen.getByRole('button', { name: 'Abrir' });
    await user.click(trigger);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });

  it('closes with its labelled close button', async () => {
    const onOpenChange = jest.fn();
    const user = userEvent.setup();
    renderWithTheme(<Dialog open onOpenChange={onOpenChange} title="Crear Cuenta" />);
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('keeps Tab inside while open', async () => {
    const user = userEvent.setup();
    renderWithTheme(
      <>
        <Button>Fuera</Button>
        <Dialog open title="Crear Cuenta">
          <TextField label="Nombre" />
        </Dialog>
      </>,
    );
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 4; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('has no axe violations in either theme when open', async () => {
    await expectAccessibleInBothThemes(ui, async () => {
      await userEvent.setup().click(screen.getByRole('button', { name: 'Abrir' }));
    });
  });
});
