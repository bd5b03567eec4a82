/** @jest-environment jsdom */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toHaveNoViolations } from 'jest-axe';
import { expectAccessibleInBothThemes, renderWithTheme } from '../test-utils';
import { Button } from './Button';
import { Tooltip, TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, TooltipProvider } from './Tooltip';

expect.extend(toHaveNoViolations);

const ui = (
  <TooltipProvider>
    <Tooltip content="Cambiar a tema oscuro">
      <Button aria-label="Tema">T</Button>
    </Tooltip>
    <Tooltip content="Ver notificaciones">
      <Button aria-label="Notificaciones">N</Button>
    </Tooltip>
  </TooltipProvider>
);

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const setup = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime, delay: null });

/** Moves the pointer off a trigger and on over the page (the content is hoverable: a grace area keeps it open until the pointer is clearly elsewhere). */
let away = 300;
async function leave(user: ReturnType<typeof setup>, element: Element) {
  await user.unhover(element);
  away += 10;
  await user.pointer({ target: document.body, coords: { clientX: away, clientY: away } });
}

describe('Tooltip', () => {
  it('has the spec §9 delays', () => {
    expect(TOOLTIP_DELAY_MS).toBe(700);
    expect(TOOLTIP_SKIP_DELAY_MS).toBe(300);
  });

  it('opens after 700 ms of hover, not before, and describes its trigger', async () => {
    const user = setup();
    renderWithTheme(ui);
    const trigger = screen.getByRole('button', { name: 'Tema' });
    await user.hover(trigger);
    act(() => jest.advanceTimersByTime(TOOLTIP_DELAY_MS - 50));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => jest.advanceTimersByTime(100));
    expect(screen.getByRole('tooltip').textContent).toBe('Cambiar a tema oscuro');
    expect(trigger.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip').id);
  });

  it('skips the delay when moving to another trigger within 300 ms, not after', async () => {
    const user = setup();
    renderWithTheme(ui);
    await user.hover(screen.getByRole('button', { name: 'Tema' }));
    act(() => jest.advanceTimersByTime(TOOLTIP_DELAY_MS + 10));
    await leave(user, screen.getByRole('button', { name: 'Tema' }));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => jest.advanceTimersByTime(TOOLTIP_SKIP_DELAY_MS - 100));
    await user.hover(screen.getByRole('button', { name: 'Notificaciones' }));
    expect(screen.getByRole('tooltip').textContent).toBe('Ver notificaciones');

    await leave(user, screen.getByRole('button', { name: 'Notificaciones' }));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => jest.advanceTimersByTime(TOOLTIP_SKIP_DELAY_MS + 50));
    await user.hover(screen.getByRole('button', { name: 'Tema' }));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => jest.advanceTimersByTime(TOOLTIP_DELAY_MS));
    expect(screen.getByRole('tooltip').textContent).toBe('Cambiar a tema oscuro');
  });

  it('opens at once on keyboard focus and closes on Escape', async () => {
    const user = setup();
    renderWithTheme(ui);
    await user.tab();
    expect(screen.getByRole('tooltip').textContent).toBe('Cambiar a tema oscuro');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('brings its own provider, with the same delay, when there is none', async () => {
    const user = setup();
    renderWithTheme(
      <Tooltip content="Sola">
        <Button>Botón</Button>
      </Tooltip>,
    );
    await user.hover(screen.getByRole('button', { name: 'Botón' }));
    act(() => jest.advanceTimersByTime(TOOLTIP_DELAY_MS - 50));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => jest.advanceTimersByTime(100));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Sola');
  });

  it('has no axe violations in either theme when open', async () => {
    jest.useRealTimers();
    await expectAccessibleInBothThemes(ui, async () => {
      await userEvent.setup().tab();
      expect(screen.getByRole('tooltip')).toHaveTextContent('Cambiar a tema oscuro');
    });
  });
});
