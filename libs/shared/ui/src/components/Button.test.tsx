/** @jest-environment jsdom */
import { fireEvent, screen } from '@testing-library/react';
import { toHaveNoViolations } from 'jest-axe';
import { darkTheme, lightTheme } from '../theme/themes';
import { expectAccessibleInBothThemes, renderWithTheme } from '../test-utils';
import { Button } from './Button';

expect.extend(toHaveNoViolations);

describe('Button', () => {
  it('is a button that never submits a form by accident', () => {
    const onSubmit = jest.fn((e: { preventDefault: () => void }) => e.preventDefault());
    renderWithTheme(
      <form onSubmit={onSubmit}>
        <Button>Guardar</Button>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getByRole('button', { name: 'Guardar' }).getAttribute('type')).toBe('button');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits when asked to and calls onClick', () => {
    const onClick = jest.fn();
    renderWithTheme(<Button type="submit" onClick={onClick}>Enviar</Button>);
    const button = screen.getByRole('button', { name: 'Enviar' });
    expect(button.getAttribute('type')).toBe('submit');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('does not react while disabled', () => {
    const onClick = jest.fn();
    renderWithTheme(<Button disabled onClick={onClick}>Enviar</Button>);
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(onClick).not.toHaveBeenCalled();
  });

  it('draws its colours from the theme tokens', () => {
    const light = renderWithTheme(<Button variant="destructive">Eliminar</Button>, 'light');
    expect(getComputedStyle(screen.getByRole('button')).backgroundColor).toBe(hexToRgb(lightTheme.colors.danger));
    light.unmount();
    renderWithTheme(<Button>Entrar</Button>, 'dark');
    expect(getComputedStyle(screen.getByRole('button')).backgroundColor).toBe(hexToRgb(darkTheme.colors.primary));
  });

  it('has no axe violations in either theme', async () => {
    await expectAccessibleInBothThemes(
      <div>
        <Button>Primario</Button>
        <Button variant="secondary">Secundario</Button>
        <Button variant="outline">Contorno</Button>
        <Button variant="ghost">Fantasma</Button>
        <Button variant="destructive">Eliminar</Button>
      </div>,
    );
  });
});

function hexToRgb(hex: string) {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}
