/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import { toHaveNoViolations } from 'jest-axe';
import { expectAccessibleInBothThemes, renderWithTheme } from '../test-utils';
import { LIST_SKELETONS, Skeleton, SkeletonCard, SkeletonRows } from './Skeleton';
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

describe('SkeletonRows and SkeletonCard', () => {
  it('show the spec\'s 5 placeholder rows of a list in one busy region named for what loads', () => {
    expect(LIST_SKELETONS).toBe(5);
    renderWithTheme(
      <>
        <SkeletonRows label="Cargando usuarios" />
        <SkeletonCard label="Cargando historial" height="2rem" />
        <SkeletonRows label="Cargando tres" rows={3} />
      </>,
    );
    const rows = (label: string) => screen.getByLabelText(label).querySelectorAll('[data-skeleton]');
    expect(screen.getByLabelText('Cargando usuarios').getAttribute('aria-busy')).toBe('true');
    expect(rows('Cargando usuarios')).toHaveLength(5);
    expect(screen.getByLabelText('Cargando historial').getAttribute('aria-busy')).toBe('true');
    expect(rows('Cargando historial')).toHaveLength(5);
    expect(getComputedStyle(rows('Cargando historial')[0] as HTMLElement).height).toBe('2rem');
    expect(rows('Cargando tres')).toHaveLength(3);
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
