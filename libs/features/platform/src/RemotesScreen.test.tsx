/** @jest-environment jsdom */
import type { RemoteAdmin } from '@arrendia/api-contract';
import { answer, failsOnce, renderAt, routedFetch } from '@arrendia/testing';
import { resetToasts } from '@arrendia/ui';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RemotesScreen, UNDISABLEABLE_REASON } from './RemotesScreen';

const remote = (name: string, overrides: Partial<RemoteAdmin> = {}): RemoteAdmin => ({
  name,
  roles: [],
  manifestUrl: `/remotes/${name}/mf-manifest.json`,
  enabled: true,
  version: '1',
  updatedAt: '2026-11-20T10:00:00.000Z',
  health: { ok: true, latencyMs: 123, error: null, checkedAt: '2026-07-01T22:30:05.000Z' },
  ...overrides,
});
const list = () => [
  remote('admin-portal'),
  remote('owner-portal', { health: { ok: false, latencyMs: 40, error: 'El manifiesto respondió 500', checkedAt: '2026-07-01T22:30:05.000Z' } }),
  remote('tenant-portal', { enabled: false, health: { ok: false, latencyMs: null, error: 'Sin respuesta en 3 s', checkedAt: '2026-07-01T22:30:08.000Z' } }),
];

afterEach(() => act(() => resetToasts()));

const rowOf = async (name: string) => (await screen.findByRole('rowheader', { name })).closest('tr')!;

describe('RemotesScreen', () => {
  it('shows each remote with its address, version, last check to the second, latency and health', async () => {
    global.fetch = routedFetch({ 'GET /api/admin/remotes': list });
    renderAt(<RemotesScreen user={null} />);

    expect(screen.getByRole('heading', { level: 1, name: 'Módulos' })).toBeVisible();
    expect(screen.getByText(/Los cambios se aplican en la siguiente carga de página/)).toBeVisible();
    const owner = await rowOf('owner-portal');
    expect(owner).toHaveTextContent('/remotes/owner-portal/mf-manifest.json');
    expect(owner).toHaveTextContent('02/07/2026 00:30:05');
    expect(owner).toHaveTextContent('40 ms');
    expect(within(owner).getByText('Con errores')).toBeVisible();
    expect(within(owner).getByText('El manifiesto respondió 500')).toBeVisible();
    const admin = await rowOf('admin-portal');
    expect(within(admin).getByText('Operativo')).toBeVisible();
    expect(admin).toHaveTextContent('123 ms');
    expect(await rowOf('tenant-portal')).toHaveTextContent('Sin respuesta en 3 s');
    expect(await rowOf('tenant-portal')).toHaveTextContent('—');
  });

  it('says when the modules could not be loaded, and «Reintentar» loads them', async () => {
    global.fetch = routedFetch({ 'GET /api/admin/remotes': failsOnce(list()) });
    renderAt(<RemotesScreen user={null} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar los módulos');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await rowOf('owner-portal')).toHaveTextContent('/remotes/owner-portal/mf-manifest.json');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("disables the admin portal's switch and says why; the others can be switched", async () => {
    global.fetch = routedFetch({ 'GET /api/admin/remotes': list });
    renderAt(<RemotesScreen user={null} />);

    const adminSwitch = await screen.findByRole('switch', { name: 'Activo: admin-portal' });
    expect(adminSwitch).toBeDisabled();
    expect(adminSwitch).toBeChecked();
    expect(adminSwitch).toHaveAccessibleDescription(UNDISABLEABLE_REASON);
    expect(screen.getByText('El portal de administración no se puede desactivar')).toBeVisible();
    expect(screen.getByRole('switch', { name: 'Activo: owner-portal' })).toBeEnabled();
    expect(screen.getByRole('switch', { name: 'Activo: tenant-portal' })).not.toBeChecked();
  });

  it('switches a remote off, says so, and keeps its last health check', async () => {
    const patch = jest.fn((_body: unknown) => answer(200, { ...remote('owner-portal', { enabled: false }), health: undefined }));
    const fetch = routedFetch({ 'GET /api/admin/remotes': list, 'PATCH /api/admin/remotes/owner-portal': (init?: RequestInit) => patch(JSON.parse(String(init?.body))) });
    global.fetch = fetch;
    renderAt(<RemotesScreen user={null} />);

    await userEvent.click(await screen.findByRole('switch', { name: 'Activo: owner-portal' }));

    expect(await screen.findByText('Configuración actualizada')).toBeVisible();
    expect(patch).toHaveBeenCalledWith({ enabled: false });
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Activo: owner-portal' })).not.toBeChecked());
    expect(within(await rowOf('owner-portal')).getByText('El manifiesto respondió 500')).toBeVisible();
    // The manifests were not fetched again for a switch.
    expect(fetch.mock.calls.filter(([url, init]) => url === '/api/admin/remotes' && !init?.method)).toHaveLength(1);
  });

  it("'Comprobar ahora' asks the server to check every manifest again", async () => {
    let calls = 0;
    global.fetch = routedFetch({
      'GET /api/admin/remotes': () => {
        calls += 1;
        return calls === 1 ? list() : [remote('admin-portal'), remote('owner-portal'), remote('tenant-portal', { enabled: false })];
      },
    });
    renderAt(<RemotesScreen user={null} />);
    expect(within(await rowOf('owner-portal')).getByText('Con errores')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Comprobar ahora' }));

    await waitFor(async () => expect(within(await rowOf('owner-portal')).getByText('Operativo')).toBeVisible());
    expect(calls).toBe(2);
  });

  it("'Editar' refuses an address that is not a manifest, in Spanish, without calling the API", async () => {
    const patch = jest.fn();
    global.fetch = routedFetch({ 'GET /api/admin/remotes': list, 'PATCH /api/admin/remotes/owner-portal': patch });
    renderAt(<RemotesScreen user={null} />);

    await userEvent.click(await screen.findByRole('button', { name: 'Editar owner-portal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar owner-portal' });
    const url = within(dialog).getByLabelText('Manifiesto (URL)');
    expect(url).toHaveValue('/remotes/owner-portal/mf-manifest.json');
    await userEvent.clear(url);
    await userEvent.type(url, 'https://cdn.ejemplo.es/owner/remoteEntry.js');
    await userEvent.clear(within(dialog).getByLabelText('Versión'));
    await userEvent.type(within(dialog).getByLabelText('Versión'), '2 beta');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await within(dialog).findByText('La dirección debe terminar en /mf-manifest.json')).toBeVisible();
    expect(within(dialog).getByText('La versión solo admite letras sin acentos, números y los signos . + _ -')).toBeVisible();
    expect(patch).not.toHaveBeenCalled();
  });

  it("'Editar' with nothing changed closes without calling the API", async () => {
    const patch = jest.fn();
    global.fetch = routedFetch({ 'GET /api/admin/remotes': list, 'PATCH /api/admin/remotes/owner-portal': patch });
    renderAt(<RemotesScreen user={null} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Editar owner-portal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar owner-portal' });
    // A trailing space is no change: the schema trims it.
    await userEvent.type(within(dialog).getByLabelText('Versión'), ' ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patch).not.toHaveBeenCalled();
  });

  it("'Editar' sends only what changed, shows the server's field errors, and says so on success", async () => {
    const bodies: unknown[] = [];
    let refuse = true;
    global.fetch = routedFetch({
      'GET /api/admin/remotes': list,
      'PATCH /api/admin/remotes/owner-portal': (init?: RequestInit) => {
        bodies.push(JSON.parse(String(init?.body)));
        if (refuse) return answer(400, { error: 'validation_error', message: 'Revisa los campos marcados', fields: { version: 'Esa versión no existe' } });
        return answer(200, remote('owner-portal', { version: '2.0.0' }));
      },
    });
    renderAt(<RemotesScreen user={null} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Editar owner-portal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar owner-portal' });
    await userEvent.clear(within(dialog).getByLabelText('Versión'));
    await userEvent.type(within(dialog).getByLabelText('Versión'), '2.0.0');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Esa versión no existe')).toBeVisible();
    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Configuración actualizada')).toBeVisible();
    expect(bodies).toEqual([{ version: '2.0.0' }, { version: '2.0.0' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await rowOf('owner-portal')).toHaveTextContent('2.0.0');
  });
});
