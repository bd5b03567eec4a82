/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import { toHaveNoViolations } from 'jest-axe';
import { expectAccessibleInBothThemes, renderWithTheme } from '../test-utils';
import { Skeleton } from './Skeleton';
import { Spinner } from './Spinner';

expect.extend(toHaveNoViolations);

describe('Skeleton', () => {
  it('is hidden from assistive technology and takes its size', () => {
    const { container } = renderWithTheme(<Skeleton width="120px" height="2rem" />);
    const block = container.querySelector('[data-skeleton]') as HTMLElement;
    expect(block.getAttribute('aria-hidden')).toBe('true');
    expect(getComputedStyle(block).width).toBe('120px');
    expect(getComputedStyle(block).height).toBe('2rem');
  });
});

describe('Spinner', () => {
  it('announces what is loading as a status', () => {
    renderWithTheme(<Spinner label="Cargando sección..." />);
    expect(screen.getByRole('status').textContent).toBe('Cargando sección...');
  });

  it('says Cargando... by default', () => {
    renderWithTheme(<Spinner />);
    expect(screen.getByRole('status').textContent).toBe('Cargando...');
  });
});

it('Skeleton and Spinner have no axe violations in either theme', async () => {
  await expectAccessibleInBothThemes(
    <div aria-busy="true">
      <Spinner />
      <Skeleton />
      <Skeleton round width="40px" height="40px" />
    </div>,
  );
});
