/** @jest-environment jsdom */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toHaveNoViolations } from 'jest-axe';
import { expectAccessibleInBothThemes, renderWithTheme } from '../test-utils';
import { Button } from './Button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
  MENU_TYPEAHEAD_RESET_MS,
  SUBMENU_OPEN_DELAY_MS,
} from './DropdownMenu';

expect.extend(toHaveNoViolations);

function Menu({ onSelect = jest.fn(), open }: { onSelect?: (label: string) => void; open?: boolean }) {
  return (
    <DropdownMenu open={open}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">Acciones</Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent aria-label="Acciones">
        <DropdownMenuLabel>Documento</DropdownMenuLabel>
        <DropdownMenuItem onSelect={() => onSelect('Archivar')}>Archivar</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onSelect('Borrar')}>Borrar</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onSelect('Bloquear')}>Bloquear</DropdownMenuItem>
        <DropdownMenuItem disabled>Compartir</DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuSub>
          <DropdownMenuSubTrigger>Exportar</DropdownMenuSubTrigger>
          <DropdownMenuSubContent>
            <DropdownMenuItem onSelect={() => onSelect('PDF')}>PDF</DropdownMenuItem>
          </DropdownMenuSubContent>
        </DropdownMenuSub>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

const focused = () => document.activeElement?.textContent;

describe('DropdownMenu', () => {
  it('opens from its trigger with Enter and focuses the first item; arrows move, disabled items are skipped', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Menu />);
    const trigger = screen.getByRole('button', { name: 'Acciones' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menu')).toBeVisible();
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(focused()).toBe('Archivar');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(focused()).toContain('Exportar'); // Compartir is disabled
    await user.keyboard('{End}');
    expect(focused()).toContain('Exportar');
    await user.keyboard('{Home}');
    expect(focused()).toBe('Archivar');
  });

  it('runs an item on Enter, closes and gives focus back to the trigger', async () => {
    const onSelect = jest.fn();
    const user = userEvent.setup();
    renderWithTheme(<Menu onSelect={onSelect} />);
    const trigger = screen.getByRole('button', { name: 'Acciones' });
    trigger.focus();
    await user.keyboard('{Enter}{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledWith('Borrar');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('leaves the page around it reachable (not modal): a click outside closes it', async () => {
    const user = userEvent.setup();
    renderWithTheme(
      <>
        <Menu />
        <Button>Fuera</Button>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Acciones' }));
    expect(screen.getByRole('menu')).toBeVisible();
    expect(document.querySelector('[aria-hidden="true"] button, button[aria-hidden="true"]')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Fuera' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('closes on Escape without running anything', async () => {
    const onSelect = jest.fn();
    const user = userEvent.setup();
    renderWithTheme(<Menu onSelect={onSelect} />);
    await user.click(screen.getByRole('button', { name: 'Acciones' }));
    expect(screen.getByRole('menu')).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('jumps by typeahead, and forgets what was typed after 1 s (spec §9)', async () => {
    expect(MENU_TYPEAHEAD_RESET_MS).toBe(1000);
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderWithTheme(<Menu />);
      screen.getByRole('button', { name: 'Acciones' }).focus();
      await user.keyboard('{Enter}');
      await user.keyboard('b');
      expect(focused()).toBe('Borrar');
      await user.keyboard('l'); // "bl" within the second
      expect(focused()).toBe('Bloquear');
      act(() => jest.advanceTimersByTime(MENU_TYPEAHEAD_RESET_MS - 100));
      await user.keyboard('a'); // "bla": nothing matches, focus stays
      expect(focused()).toBe('Bloquear');
      act(() => jest.advanceTimersByTime(MENU_TYPEAHEAD_RESET_MS + 50));
      await user.keyboard('a'); // a fresh search
      expect(focused()).toBe('Archivar');
    } finally {
      jest.useRealTimers();
    }
  });

  it('opens a submenu after 100 ms of hover (spec §9)', async () => {
    expect(SUBMENU_OPEN_DELAY_MS).toBe(100);
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime, delay: null });
      renderWithTheme(<Menu />);
      await user.click(screen.getByRole('button', { name: 'Acciones' }));
      await user.hover(screen.getByRole('menuitem', { name: 'Exportar' }));
      act(() => jest.advanceTimersByTime(SUBMENU_OPEN_DELAY_MS - 10));
      expect(screen.getAllByRole('menu')).toHaveLength(1);
      act(() => jest.advanceTimersByTime(20));
      expect(screen.getAllByRole('menu')).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('opens a submenu with ArrowRight', async () => {
    const onSelect = jest.fn();
    const user = userEvent.setup();
    renderWithTheme(<Menu onSelect={onSelect} />);
    screen.getByRole('button', { name: 'Acciones' }).focus();
    await user.keyboard('{Enter}{End}{ArrowRight}');
    await waitFor(() => expect(screen.getAllByRole('menu')).toHaveLength(2));
    await waitFor(() => expect(focused()).toBe('PDF'));
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith('PDF');
  });

  it('has no axe violations in either theme when open', async () => {
    await expectAccessibleInBothThemes(<Menu open />);
  });
});
