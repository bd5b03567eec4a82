/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toHaveNoViolations } from 'jest-axe';
import { expectAccessibleInBothThemes, renderWithTheme } from '../test-utils';
import { LoadError, type Retryable } from './LoadError';

expect.extend(toHaveNoViolations);

const read = (over: Omit<Partial<Retryable>, 'refetch'> = {}) => ({ refetch: jest.fn(), isFetching: false, isError: true, ...over });

describe('LoadError', () => {
  it('reads out what failed with the hint, and «Reintentar» asks again', async () => {
    const properties = read();
    renderWithTheme(<LoadError retry={properties}>No se pudieron cargar las propiedades</LoadError>);
    expect(screen.getByRole('alert')).toHaveTextContent('No se pudieron cargar las propiedadesInténtalo de nuevo en unos minutos.');
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(properties.refetch).toHaveBeenCalledTimes(1);
  });

  it('asks again only the reads that failed, or all of them when none says', async () => {
    const ok = read({ isError: false });
    const failed = read();
    const { unmount } = renderWithTheme(<LoadError retry={[ok, failed]}>No se pudieron cargar las cifras</LoadError>);
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
    expect(ok.refetch).not.toHaveBeenCalled();
    unmount();

    const a = read({ isError: undefined });
    const b = read({ isError: undefined });
    renderWithTheme(<LoadError retry={[a, b]}>No se pudieron cargar las cifras</LoadError>);
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect([a.refetch.mock.calls.length, b.refetch.mock.calls.length]).toEqual([1, 1]);
  });

  it('while a read is under way, says so, keeps its focus and ignores presses', async () => {
    const running = read({ isFetching: true });
    renderWithTheme(<LoadError retry={running}>No se pudo cargar el historial</LoadError>);
    const button = screen.getByRole('button', { name: 'Reintentando...' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toBeEnabled();
    await userEvent.click(button);
    expect(button).toHaveFocus();
    expect(running.refetch).not.toHaveBeenCalled();
  });

  it('inline, is one line inside a card; without a read to ask again, has no button', () => {
    renderWithTheme(<LoadError variant="inline">No se pudieron cargar las fotos</LoadError>);
    expect(screen.getByRole('alert')).toHaveTextContent(/^No se pudieron cargar las fotos$/);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('has no axe violations in either theme', async () => {
    await expectAccessibleInBothThemes(
      <div>
        <LoadError retry={read()}>No se pudieron cargar los contratos</LoadError>
        <LoadError variant="inline" retry={read({ isFetching: true })}>
          No se pudieron cargar los comentarios
        </LoadError>
      </div>,
    );
  });
});
