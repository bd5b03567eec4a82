/** @jest-environment jsdom */
import { act, fireEvent, screen } from '@testing-library/react';
import { toHaveNoViolations } from 'jest-axe';
import { expectAccessibleInBothThemes, renderWithTheme } from '../test-utils';
import { ScrollArea, SCROLL_HIDE_DELAY_MS } from './ScrollArea';

expect.extend(toHaveNoViolations);

const rows = Array.from({ length: 30 }, (_, i) => <p key={i}>Fila {i + 1}</p>);

/** jsdom has no layout: make the viewport report content taller than itself, scrolled to `top`. */
function overflow(viewport: HTMLElement, top: number) {
  Object.defineProperty(viewport, 'clientHeight', { configurable: true, value: 100 });
  Object.defineProperty(viewport, 'scrollHeight', { configurable: true, value: 1000 });
  Object.defineProperty(viewport, 'offsetHeight', { configurable: true, value: 100 });
  Object.defineProperty(viewport, 'scrollTop', { configurable: true, value: top });
}

describe('ScrollArea', () => {
  it('hides its scroll bar 600 ms after scrolling stops (spec §9)', () => {
    expect(SCROLL_HIDE_DELAY_MS).toBe(600);
    jest.useFakeTimers();
    try {
      const { container } = renderWithTheme(
        <ScrollArea type="scroll" maxHeight="100px" label="Lista">
          {rows}
        </ScrollArea>,
      );
      const viewport = screen.getByRole('region', { name: 'Lista' });
      const bar = () => container.querySelector('[data-orientation="vertical"]');
      expect(bar()).toBeNull();
      overflow(viewport, 40);
      act(() => {
        fireEvent.scroll(viewport);
      });
      expect(bar()).not.toBeNull();
      // Scrolling "ends" 100 ms after the last scroll event, then the hide delay runs.
      act(() => jest.advanceTimersByTime(100));
      act(() => jest.advanceTimersByTime(SCROLL_HIDE_DELAY_MS - 50));
      expect(bar()).not.toBeNull();
      act(() => jest.advanceTimersByTime(100));
      expect(bar()).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('renders its content in a viewport that is a named, focusable region when labelled', () => {
    renderWithTheme(
      <ScrollArea maxHeight="200px" label="Notificaciones recientes">
        {rows}
      </ScrollArea>,
    );
    const region = screen.getByRole('region', { name: 'Notificaciones recientes' });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(region.textContent).toContain('Fila 30');
  });

  it('adds no role or tab stop without a label', () => {
    renderWithTheme(<ScrollArea>{rows}</ScrollArea>);
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByText('Fila 1').closest('[tabindex]')).toBeNull();
  });

  it('has no axe violations in either theme', async () => {
    await expectAccessibleInBothThemes(
      <ScrollArea maxHeight="120px" label="Historial">
        {rows}
      </ScrollArea>,
    );
  });
});
