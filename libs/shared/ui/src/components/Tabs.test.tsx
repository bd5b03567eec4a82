/** @jest-environment jsdom */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toHaveNoViolations } from 'jest-axe';
import { expectAccessibleInBothThemes, renderWithTheme } from '../test-utils';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './Tabs';

expect.extend(toHaveNoViolations);

const ui = (
  <Tabs defaultValue="perfil">
    <TabsList aria-label="Configuración">
      <TabsTrigger value="perfil">Perfil</TabsTrigger>
      <TabsTrigger value="notificaciones">Notificaciones</TabsTrigger>
      <TabsTrigger value="seguridad">Seguridad</TabsTrigger>
    </TabsList>
    <TabsContent value="perfil">Datos personales</TabsContent>
    <TabsContent value="notificaciones">Avisos por correo</TabsContent>
    <TabsContent value="seguridad">Doble factor</TabsContent>
  </Tabs>
);

describe('Tabs', () => {
  it('shows the default tab, selected, with its panel labelled by it', () => {
    renderWithTheme(ui);
    const tab = screen.getByRole('tab', { name: 'Perfil' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Perfil' }).textContent).toBe('Datos personales');
    expect(screen.queryByText('Avisos por correo')).toBeNull();
  });

  it('moves with the arrow keys and wraps, activating the focused tab', async () => {
    const user = userEvent.setup();
    renderWithTheme(ui);
    act(() => screen.getByRole('tab', { name: 'Perfil' }).focus());
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Notificaciones' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Avisos por correo');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Perfil' }));
    await user.keyboard('{End}');
    expect(screen.getByRole('tabpanel').textContent).toBe('Doble factor');
  });

  it('switches on click', async () => {
    const user = userEvent.setup();
    renderWithTheme(ui);
    await user.click(screen.getByRole('tab', { name: 'Seguridad' }));
    expect(screen.getByRole('tab', { name: 'Seguridad' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Seguridad' })).toHaveTextContent('Doble factor');
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
  });

  it('has no axe violations in either theme', async () => {
    await expectAccessibleInBothThemes(ui);
  });
});
