/** @jest-environment jsdom */
import type { ContractListItem, IncidentComment } from '@arrendia/api-contract';
import { answer, failsOnce, renderAt, routedFetch } from '@arrendia/testing';
import { resetToasts } from '@arrendia/ui';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IncidentCommentsCard, IncidentPhotosCard } from './IncidentExtras';
import { checkPhotos, UploadQueue } from './IncidentPhotos';
import { NewIncidentDialog } from './NewIncidentDialog';

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

afterEach(() => act(() => resetToasts()));

describe('checkPhotos', () => {
  it('accepts up to the room left of JPG and PNG files of at most 5 MB, and names the first problem', () => {
    expect(checkPhotos([file('a.jpg', 'image/jpeg'), file('b.png', 'image/png')], 5).problem).toBeNull();
    expect(checkPhotos([file('a.gif', 'image/gif')], 5).problem).toBe('a.gif: Solo se admiten fotos JPG o PNG');
    expect(checkPhotos([file('big.png', 'image/png', 5 * 1024 * 1024 + 1)], 5).problem).toBe('big.png: La foto supera el máximo de 5 MB');
    expect(checkPhotos([file('a.png', 'image/png'), file('b.png', 'image/png')], 1).problem).toBe('Una incidencia admite como máximo 5 fotos');
  });
});

describe('UploadQueue', () => {
  it("shows each upload's progress bar, or its error", () => {
    renderAt(<UploadQueue items={[{ name: 'a.png', percent: 40 }, { name: 'b.png', percent: 0, error: 'La foto supera el máximo de 5 MB' }]} />);
    expect(screen.getByRole('progressbar', { name: 'Subiendo a.png' })).toHaveAttribute('value', '40');
    expect(screen.getByText(/b\.png · La foto supera el máximo de 5 MB/)).toBeVisible();
    expect(screen.getAllByRole('progressbar')).toHaveLength(1);
  });
});

describe('IncidentPhotosCard', () => {
  it('shows the photos and refuses a file of the wrong type before sending anything', async () => {
    const fetch = routedFetch({ 'GET /api/incidents/7/photos': () => [{ id: 1, fileName: 'gotera.jpg', fileSizeKb: 80, createdAt: '2026-11-20T10:00:00Z', url: '/api/incidents/7/photos/1' }] });
    global.fetch = fetch;
    renderAt(<IncidentPhotosCard incidentId={7} canAdd />);
    expect(await screen.findByRole('img', { name: 'gotera.jpg' })).toHaveAttribute('src', '/api/incidents/7/photos/1');
    await userEvent.upload(screen.getByLabelText(/Fotos \(JPG o PNG/), file('plano.pdf', 'application/pdf'), { applyAccept: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('plano.pdf: Solo se admiten fotos JPG o PNG');
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('IncidentPhotosCard when the photos fail', () => {
  it('says when the photos could not be loaded, and «Reintentar» loads them', async () => {
    global.fetch = routedFetch({ 'GET /api/incidents/7/photos': failsOnce([{ id: 1, fileName: 'gotera.jpg', fileSizeKb: 80, createdAt: '2026-11-20T10:00:00Z', url: '/api/incidents/7/photos/1' }]) });
    renderAt(<IncidentPhotosCard incidentId={7} canAdd={false} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar las fotos');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('img', { name: 'gotera.jpg' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('IncidentCommentsCard', () => {
  it('says when the comments could not be loaded, and «Reintentar» loads them', async () => {
    global.fetch = routedFetch({
      'GET /api/incidents/7/comments': failsOnce([{ id: 1, content: 'Sigue goteando', createdAt: '2026-11-20T10:00:00Z', author: { id: 9, firstName: 'Tomás', lastName: 'Ruiz', roleName: 'inquilino' } }]),
    });
    renderAt(<IncidentCommentsCard incidentId={7} canComment={false} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar los comentarios');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('list', { name: 'Comentarios de la incidencia' })).toHaveTextContent('Sigue goteando');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lists the comments with their authors and posts a new one', async () => {
    let comments: IncidentComment[] = [{ id: 1, content: 'Sigue goteando', createdAt: '2026-11-20T10:00:00Z', author: { id: 9, firstName: 'Tomás', lastName: 'Ruiz', roleName: 'inquilino' } }];
    const posted: unknown[] = [];
    global.fetch = routedFetch({
      'GET /api/incidents/7/comments': () => comments,
      'POST /api/incidents/7/comments': (init) => {
        posted.push(JSON.parse(String(init?.body)));
        comments = [...comments, { id: 2, content: 'Va el fontanero', createdAt: '2026-11-20T11:00:00Z', author: { id: 1, firstName: 'Olga', lastName: 'Martín', roleName: 'propietario_individual' } }];
        return answer(201, { id: 2 });
      },
    });
    renderAt(<IncidentCommentsCard incidentId={7} canComment />);
    const list = await screen.findByRole('list', { name: 'Comentarios de la incidencia' });
    expect(list).toHaveTextContent('Tomás Ruiz · Inquilino');
    await userEvent.click(screen.getByRole('button', { name: 'Comentar' }));
    expect(await screen.findByText('Escribe un comentario')).toBeVisible();
    await userEvent.type(screen.getByLabelText('Comentario'), 'Va el fontanero');
    await userEvent.click(screen.getByRole('button', { name: 'Comentar' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(posted).toEqual([{ content: 'Va el fontanero' }]);
  });
});

describe('NewIncidentDialog for a tenant', () => {
  it('offers the units of its contracts, without asking for a property it cannot read', async () => {
    const contract = { contract: { id: 2, status: 'Activo' }, unit: { id: 11, unitName: '2ºB' }, property: { id: 3, propertyName: 'Edificio Prado' } } as unknown as ContractListItem;
    const fetch = routedFetch({ 'GET /api/contracts?pageSize=100': () => [contract] });
    global.fetch = fetch;
    renderAt(<NewIncidentDialog open onOpenChange={() => undefined} ownUnitsOnly />);
    const dialog = await screen.findByRole('dialog', { name: 'Reportar Nueva Incidencia' });
    expect(within(dialog).queryByRole('combobox', { name: 'Propiedad' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Unidad' }));
    expect(await screen.findByRole('option', { name: 'Edificio Prado · 2ºB' })).toBeVisible();
    expect(fetch.mock.calls.map(([url]) => String(url))).not.toContain('/api/properties?archived=false&pageSize=100');
  });
});
