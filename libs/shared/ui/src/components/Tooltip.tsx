import { RadixTooltip } from '../radix';
import { createContext, type ReactElement, type ReactNode, useContext } from 'react';
import styled from 'styled-components';

/** Spec §9: a tooltip opens after 700 ms of hover; moving to another trigger within 300 ms skips the wait. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

const Content = styled(RadixTooltip.Content)`
  z-index: ${({ theme }) => theme.zIndices.toast};
  max-width: 280px;
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.text};
  color: ${({ theme }) => theme.colors.background};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  line-height: ${({ theme }) => theme.lineHeights.normal};
  box-shadow: ${({ theme }) => theme.shadows.md};
`;

const ProvidedContext = createContext(false);

/** Mount once near the root: it holds the shared delays (and the skip window) of every Tooltip below it. */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <ProvidedContext.Provider value={true}>
      <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
        {children}
      </RadixTooltip.Provider>
    </ProvidedContext.Provider>
  );
}

export interface TooltipProps {
  /** What the tooltip says; a supplement, never the only name of its trigger. */
  content: ReactNode;
  /** One focusable element (it receives the trigger props). */
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
}

/**
 * A short hint on hover (after the provider's delay) and on keyboard focus (at once); Escape
 * closes it. Outside a TooltipProvider it brings its own, with the same delays.
 */
export function Tooltip({ content, children, side = 'bottom' }: TooltipProps) {
  const provided = useContext(ProvidedContext);
  const tooltip = (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <Content side={side} sideOffset={6} collisionPadding={8}>
          {content}
        </Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
  return provided ? tooltip : <TooltipProvider>{tooltip}</TooltipProvider>;
}
