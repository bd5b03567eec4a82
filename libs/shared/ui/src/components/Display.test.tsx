/** @jest-environment jsdom */
import { act, screen } from '@testing-library/react';
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
    expect(screen.queryByRole('img')).toBeNull();
  });

  describe('with a picture', () => {
    const RealImage = window.Image;
    const proto = window.HTMLImageElement.prototype;
    const saved = ['complete', 'naturalWidth'].map((key) => [key, Object.getOwnPropertyDescriptor(proto, key)] as const);
    let outcome: 'load' | 'error' = 'load';
    beforeEach(() => {
      // jsdom loads no images: fake the probe Radix makes, answering after a tick.
      Object.defineProperty(proto, 'complete', { configurable: true, get: () => true });
      Object.defineProperty(proto, 'naturalWidth', { configurable: true, get: () => (outcome === 'load' ? 96 : 0) });
      window.Image = function FakeImage() {
        const img = new RealImage();
        setTimeout(() => img.dispatchEvent(new Event(outcome)));
        return img;
      } as unknown as typeof Image;
    });
    afterEach(() => {
      window.Image = RealImage;
      for (const [key, descriptor] of saved) if (descriptor) Object.defineProperty(proto, key, descriptor);
    });

    it('shows the picture, with its alternative text, once it has loaded', async () => {
      outcome = 'load';
      renderWithTheme(<Avatar src="/fotos/ana.jpg" alt="Ana López" initials="AL" />);
      const img = await screen.findByRole('img', { name: 'Ana López' });
      expect(img.getAttribute('src')).toBe('/fotos/ana.jpg');
      expect(screen.queryByText('AL')).toBeNull();
    });

    it('keeps the initials when the picture fails', async () => {
      outcome = 'error';
      renderWithTheme(<Avatar src="/fotos/rota.jpg" alt="Ana López" initials="AL" />);
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
      expect(screen.queryByRole('img')).toBeNull();
      expect(screen.getByText('AL')).toBeVisible();
      expect(screen.getByText('AL')).toHaveAttribute('aria-hidden', 'true');
    });
  });
});

describe('PageHeader', () => {
  it('is the page h1 with its intro line', () => {
    renderWithTheme(<PageHeader title="Contratos" description="Estamos preparando esta sección." />);
    expect(screen.getByRole('heading', { level: 1, name: 'Contratos' })).toBeVisible();
    expect(screen.getByText('Estamos preparando esta sección.')).toBeVisible();
  });
});

describe('NotFound', () => {
  it('reads exactly 404 Page Not Found', () => {
    renderWithTheme(<NotFound action={<a href="/">Volver al inicio</a>} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('404 Page Not Found');
    expect(NOT_FOUND_TEXT).toBe('404 Page Not Found');
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
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
    expect(screen.getByRole('img', { name: 'Atención' })).toBeVisible();
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
