import { RadixMenu } from '../radix';
import { type ComponentPropsWithoutRef, type ComponentPropsWithRef } from 'react';
import styled from 'styled-components';
import { Icon } from './Icon';
import { floatingSurfaceStyles, menuItemStyles, menuLabelStyles, menuSeparatorStyles } from './menuStyles';

/**
 * Spec §9 menu timings. Both are Radix's own behaviour, kept here so a test can pin them: typeahead
 * forgets what was typed after 1 s, a submenu opens after 100 ms of hover.
 */
export const MENU_TYPEAHEAD_RESET_MS = 1000;
export const SUBMENU_OPEN_DELAY_MS = 100;

const StyledContent = styled(RadixMenu.Content)`
  ${floatingSurfaceStyles}
  max-height: var(--radix-dropdown-menu-content-available-height);
  overflow-y: auto;
`;

const StyledSubContent = styled(RadixMenu.SubContent)`
  ${floatingSurfaceStyles}
`;

const StyledItem = styled(RadixMenu.Item)`
  ${menuItemStyles}
`;

const StyledSubTrigger = styled(RadixMenu.SubTrigger)`
  ${menuItemStyles}
  &[data-state='open'] { background: ${({ theme }) => theme.colors.surfaceMuted}; }
  & > svg:last-child { margin-left: auto; }
`;

const StyledLabel = styled(RadixMenu.Label)`
  ${menuLabelStyles}
`;

const StyledSeparator = styled(RadixMenu.Separator)`
  ${menuSeparatorStyles}
`;

/**
 * The menu's state holder. Not modal by default: a modal Radix menu hides the rest of the page with
 * aria-hidden while leaving it focusable (axe: aria-hidden-focus). Escape, a click outside or Tab
 * closes it, and focus goes back to the trigger.
 */
export function DropdownMenu({ modal = false, ...props }: ComponentPropsWithoutRef<typeof RadixMenu.Root>) {
  return <RadixMenu.Root modal={modal} {...props} />;
}
/** Wrap the button that opens the menu (`asChild`). */
export const DropdownMenuTrigger = RadixMenu.Trigger;
export const DropdownMenuGroup = RadixMenu.Group;
export const DropdownMenuSub = RadixMenu.Sub;

/** The menu surface, portalled to the body; arrow keys, Home/End, typeahead and Escape work in it. */
export function DropdownMenuContent({ sideOffset = 6, align = 'end', collisionPadding = 8, ...props }: ComponentPropsWithRef<typeof RadixMenu.Content>) {
  return (
    <RadixMenu.Portal>
      <StyledContent sideOffset={sideOffset} align={align} collisionPadding={collisionPadding} {...props} />
    </RadixMenu.Portal>
  );
}

/** An action; `onSelect` runs on click, Enter and Space, then the menu closes. */
export const DropdownMenuItem = StyledItem;
/** A non-interactive heading inside the menu. */
export const DropdownMenuLabel = StyledLabel;
export const DropdownMenuSeparator = StyledSeparator;

/** An item that opens a submenu (hover 100 ms, ArrowRight or Enter). */
export function DropdownMenuSubTrigger({ children, ...props }: ComponentPropsWithRef<typeof RadixMenu.SubTrigger>) {
  return (
    <StyledSubTrigger {...props}>
      {children}
      <Icon name="chevronRight" size={16} />
    </StyledSubTrigger>
  );
}

export function DropdownMenuSubContent({ sideOffset = 4, ...props }: ComponentPropsWithRef<typeof RadixMenu.SubContent>) {
  return (
    <RadixMenu.Portal>
      <StyledSubContent sideOffset={sideOffset} {...props} />
    </RadixMenu.Portal>
  );
}
