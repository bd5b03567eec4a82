/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import { toHaveNoViolations } from 'jest-axe';
import { expectAccessibleInBothThemes, renderWithTheme } from '../test-utils';
import { Avatar, initialsOf } from './Avatar';
import { Badge } from './Badge';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './Card';
import { Icon, isIconName } from './Icon';
import { NOT_FOUND_TEXT, NotFound } from './NotFound';
import { PageHeader } from './PageHeader';

expect.extend(toHaveNoViolations);

describe('initialsOf', () => {
  it('takes the first letter of each name, upper-cased', () => {
    expect(initialsOf('ana', 'lópez ruiz')).toBe('AL');
    expect(initialsOf('Íñigo', null)).toBe('Í');
  });
  it("falls back to 'U' (Usuario)", () => {
    expect(initialsOf(null, undefined)).toBe('U');
    expect(initialsOf('  ', '')).toBe('U');
  });
});

describe('Avatar', () => {
  it('shows the initials when there is no picture, hidden from screen readers', () => {
    renderWithTheme(<Avatar alt="Ana López" initials="AL" />);
    const initials = screen.getByText('AL');
    expect(initials.getAttribute('aria-hidden')).toBe('true');
  });
});

describe('PageHeader', () => {
  it('is the page h1 with its intro line', () => {
    renderWithTheme(<PageHeader title="Contratos" description="Estamos preparando esta sección." />);
    expect(screen.getByRole('heading', { level: 1, name: 'Contratos' })).toBeTruthy();
    expect(screen.getByText('Estamos preparando esta sección.')).toBeTruthy();
  });
});

describe('NotFound', () => {
  it('reads exactly 404 Page Not Found', () => {
    renderWithTheme(<NotFound action={<a href="/">Volver al inicio</a>} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('404 Page Not Found');
    expect(NOT_FOUND_TEXT).toBe('404 Page Not Found');
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toBeTruthy();
  });
});

describe('Icon', () => {
  it('is decorative unless labelled', () => {
    const { container } = renderWithTheme(
      <>
        <Icon name="home" />
        <Icon name="alert" label="Atención" />
      </>,
    );
    expect(container.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('img', { name: 'Atención' })).toBeTruthy();
  });
  it('knows the icon names the menus use', () => {
    for (const name of ['home', 'building', 'users', 'file', 'euro', 'alert', 'message', 'folder', 'shield', 'chart', 'report', 'wrench', 'bed']) {
      expect(isIconName(name)).toBe(true);
    }
    expect(isIconName('toString')).toBe(false);
  });
});

it('Card, Badge, Avatar, PageHeader and NotFound have no axe violations in either theme', async () => {
  await expectAccessibleInBothThemes(
    <main>
      <PageHeader title="Planes" description="Elige el tuyo." />
      <Card>
        <CardHeader>
          <CardTitle as="h2">Básico</CardTitle>
          <CardDescription>Hasta 5 propiedades</CardDescription>
        </CardHeader>
        <CardContent>
          <Badge>30 días</Badge>
          <Badge $variant="accent">Mejor oferta</Badge>
          <Badge $variant="destructive">Urgente</Badge>
        </CardContent>
        <CardFooter>
          <Avatar alt="Ana López" initials="AL" />
        </CardFooter>
      </Card>
      <NotFound />
    </main>,
  );
});
