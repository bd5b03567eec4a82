/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import { toHaveNoViolations } from 'jest-axe';
import { expectAccessibleInBothThemes, renderWithTheme } from '../test-utils';
import { TextField } from './TextField';

expect.extend(toHaveNoViolations);

describe('TextField', () => {
  it('ties its label to the input', () => {
    renderWithTheme(<TextField label="Correo electrónico" type="email" />);
    const input = screen.getByLabelText('Correo electrónico');
    expect(input.tagName).toBe('INPUT');
    expect(input.getAttribute('type')).toBe('email');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
  });

  it('marks an error and reads it with the input, after the hint', () => {
    renderWithTheme(<TextField label="Contraseña" hint="Mínimo 8 caracteres." error="La contraseña es obligatoria" />);
    const input = screen.getByLabelText('Contraseña');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = input.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Mínimo 8 caracteres.', 'La contraseña es obligatoria']);
  });

  it('keeps a given id', () => {
    renderWithTheme(<TextField id="email" label="Correo" />);
    expect(screen.getByLabelText('Correo').id).toBe('email');
  });

  it('has no axe violations in either theme, with and without an error', async () => {
    await expectAccessibleInBothThemes(
      <form>
        <TextField label="Nombre" required />
        <TextField label="Apellidos" error="Los apellidos son obligatorios" />
      </form>,
    );
  });
});
