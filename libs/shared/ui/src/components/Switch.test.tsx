/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toHaveNoViolations } from 'jest-axe';
import { expectAccessibleInBothThemes, renderWithTheme } from '../test-utils';
import { Switch } from './Switch';

expect.extend(toHaveNoViolations);

describe('Switch', () => {
  it('is a switch named by its label and described by its line', () => {
    renderWithTheme(<Switch label="Notificaciones por SMS" description="Avisos al móvil." />);
    const control = screen.getByRole('switch', { name: 'Notificaciones por SMS' });
    expect(control.getAttribute('aria-checked')).toBe('false');
    expect(document.getElementById(control.getAttribute('aria-describedby')!)?.textContent).toBe('Avisos al móvil.');
  });

  it('toggles on click, on its label and with Space', async () => {
    const onCheckedChange = jest.fn();
    const user = userEvent.setup();
    renderWithTheme(<Switch label="Alertas de incidencias" defaultChecked onCheckedChange={onCheckedChange} />);
    const control = screen.getByRole('switch', { name: 'Alertas de incidencias' });
    expect(control.getAttribute('aria-checked')).toBe('true');
    await user.click(control);
    expect(control.getAttribute('aria-checked')).toBe('false');
    await user.click(screen.getByText('Alertas de incidencias'));
    expect(control.getAttribute('aria-checked')).toBe('true');
    control.focus();
    await user.keyboard(' ');
    expect(control.getAttribute('aria-checked')).toBe('false');
    expect(onCheckedChange.mock.calls.map(([v]) => v)).toEqual([false, true, false]);
  });

  it('does not change while disabled', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Switch label="Doble factor" disabled />);
    await user.click(screen.getByRole('switch', { name: 'Doble factor' }));
    expect(screen.getByRole('switch').getAttribute('aria-checked')).toBe('false');
  });

  it('has no axe violations in either theme, on and off', async () => {
    await expectAccessibleInBothThemes(
      <div>
        <Switch label="Correo" defaultChecked />
        <Switch label="SMS" description="Avisos al móvil." />
      </div>,
    );
  });
});
