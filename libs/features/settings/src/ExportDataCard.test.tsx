/** @jest-environment jsdom */
import type { DataExport } from '@arrendia/api-contract';
import { formatDateTime } from '@arrendia/locale-es';
import { answer, renderAt, routedFetch } from '@arrendia/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ExportDataCard } from './ExportDataCard';

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const exportOf = (overrides: Partial<DataExport>): DataExport => ({ id: 7, status: 'pending', createdAt: inHours(-1), finishedAt: null, expiresAt: null, sizeBytes: null, error: null, ...overrides });

describe("'Exportar mis datos' (Configuración › Seguridad)", () => {
  it('explains what the ZIP holds, asks for one and shows it is being prepared', async () => {
    let listed: DataExport[] = [];
    const post = jest.fn(() => {
      listed = [exportOf({ status: 'pending' })];
      return answer(202, listed[0]);
    });
    global.fetch = routedFetch({ 'GET /api/exports': () => listed, 'POST /api/exports': post });
    renderAt(<ExportDataCard />);
    expect(await screen.findByText(/un CSV por cada tipo de registro, tus documentos y un LEEME/)).toHaveTextContent('el enlace dura 24 horas');
    await userEvent.click(screen.getByRole('button', { name: 'Exportar mis datos' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Preparando tu exportación…');
    expect(post).toHaveBeenCalledTimes(1);
    // One running at a time: the button waits for it.
    expect(screen.getByRole('button', { name: 'Exportar mis datos' })).toBeDisabled();
  });

  it('offers the download of a ready export, until when and its size', async () => {
    const expiresAt = inHours(20);
    global.fetch = routedFetch({ 'GET /api/exports': () => [exportOf({ status: 'ready', finishedAt: inHours(-4), expiresAt, sizeBytes: 2_516_582 })] });
    renderAt(<ExportDataCard />);
    const link = await screen.findByRole('link', { name: 'Descargar' });
    expect(link).toHaveAttribute('href', '/api/exports/7/download');
    expect(screen.getByText(`Disponible hasta el ${formatDateTime(expiresAt)} · 2,4 MB`)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Exportar mis datos' })).toBeEnabled();
  });

  it('says an expired link has to be exported again, and shows why an export failed', async () => {
    global.fetch = routedFetch({ 'GET /api/exports': () => [exportOf({ status: 'ready', finishedAt: inHours(-30), expiresAt: inHours(-6), sizeBytes: 1000 })] });
    const { unmount } = renderAt(<ExportDataCard />);
    expect(await screen.findByRole('status')).toHaveTextContent('El enlace ha caducado: exporta de nuevo');
    expect(screen.queryByRole('link', { name: 'Descargar' })).toBeNull();
    unmount();

    global.fetch = routedFetch({ 'GET /api/exports': () => [exportOf({ status: 'failed', error: 'No se pudo preparar la exportación. Inténtalo de nuevo más tarde' })] });
    renderAt(<ExportDataCard />);
    expect(await screen.findByRole('status')).toHaveTextContent('No se pudo preparar la exportación. Inténtalo de nuevo más tarde');
  });

  it("shows the API's refusal in Spanish (one already running, or too many today)", async () => {
    global.fetch = routedFetch({
      'GET /api/exports': () => [],
      'POST /api/exports': () => answer(429, { error: 'rate_limited', message: 'Has pedido demasiadas exportaciones hoy (máximo 5 al día). Inténtalo más tarde' }),
    });
    renderAt(<ExportDataCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Exportar mis datos' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Has pedido demasiadas exportaciones hoy (máximo 5 al día). Inténtalo más tarde'));
  });
});
