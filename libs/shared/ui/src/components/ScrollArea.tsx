import { RadixScrollArea } from '../radix';
import { type ReactNode } from 'react';
import styled from 'styled-components';

/** Spec §9: the scroll bar hides 600 ms after the pointer leaves (or scrolling stops). */
export const SCROLL_HIDE_DELAY_MS = 600;

const Root = styled(RadixScrollArea.Root)<{ $maxHeight?: string }>`
  position: relative;
  overflow: hidden;
  max-height: ${({ $maxHeight }) => $maxHeight ?? 'none'};
  display: flex;
  flex-direction: column;
`;

const Viewport = styled(RadixScrollArea.Viewport)<{ $maxHeight?: string }>`
  width: 100%;
  height: 100%;
  max-height: ${({ $maxHeight }) => $maxHeight ?? 'none'};
  border-radius: inherit;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: -3px;
  }
`;

const Scrollbar = styled(RadixScrollArea.Scrollbar)`
  display: flex;
  touch-action: none;
  user-select: none;
  padding: 2px;
  &[data-orientation='vertical'] { width: 10px; }
  &[data-orientation='horizontal'] { flex-direction: column; height: 10px; }
`;

const Thumb = styled(RadixScrollArea.Thumb)`
  position: relative;
  flex: 1;
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.borderStrong};
`;

export interface ScrollAreaProps {
  children: ReactNode;
  /** Height from which the content scrolls ('320px', '50vh'). */
  maxHeight?: string;
  /**
   * Names the scrolling region and makes it focusable, so keyboard users can scroll it with the
   * arrow keys. Give it when the content itself has nothing focusable.
   */
  label?: string;
  /** When the bars show: on hover (default), while scrolling, whenever it overflows, or always. */
  type?: 'hover' | 'scroll' | 'auto' | 'always';
  className?: string;
}

/** A scroll container with themed, thin scroll bars that hide 600 ms after use. */
export function ScrollArea({ children, maxHeight, label, type = 'hover', className }: ScrollAreaProps) {
  return (
    <Root type={type} scrollHideDelay={SCROLL_HIDE_DELAY_MS} className={className} $maxHeight={maxHeight}>
      <Viewport $maxHeight={maxHeight} {...(label ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}>
        {children}
      </Viewport>
      <Scrollbar orientation="vertical">
        <Thumb />
      </Scrollbar>
      <Scrollbar orientation="horizontal">
        <Thumb />
      </Scrollbar>
      <RadixScrollArea.Corner />
    </Root>
  );
}
