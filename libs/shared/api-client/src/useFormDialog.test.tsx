/** @jest-environment jsdom */
import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { apiRequest } from './http';
import { createQueryClient } from './queryClient';
import { fakeResponse } from './testing';
import { useFormDialog } from './useFormDialog';

const fetchMock = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>();

beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const Schema = z.object({ name: z.string().trim().min(1, 'El nombre es obligatorio'), rooms: z.coerce.number().int().min(1, 'Indica las habitaciones') }).strict();
const EMPTY = { name: '', rooms: '' };

function setup(options: { stayOpen?: boolean } = {}) {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const onOpenChange = jest.fn();
  const onSuccess = jest.fn();
  const onFailure = jest.fn();
  const hook = renderHook(
    () =>
      useFormDialog({
        schema: Schema,
        initialValues: EMPTY,
        toInput: (v) => ({ name: v.name, rooms: v.rooms }),
        clientMessages: { rooms: 'Indica cuántas habitaciones tiene' },
        mutation: useMutation({ mutationFn: async (input: z.output<typeof Schema>) => (await apiRequest('POST', '/api/things', input)).json() as Promise<{ id: number }> }),
        onOpenChange,
        onSuccess,
        onFailure,
        failureMessage: 'No se pudo guardar',
        stayOpen: options.stayOpen,
      }),
    { wrapper },
  );
  return { hook, onOpenChange, onSuccess, onFailure };
}

const type = (hook: ReturnType<typeof setup>['hook'], key: 'name' | 'rooms', value: string) =>
  act(() => hook.result.current.field(key).onChange({ target: { value } } as never));

describe('useFormDialog', () => {
  it('checks the values with the shared schema before calling: nothing is sent while a field is wrong, and each field says why', () => {
    const { hook } = setup();
    act(() => hook.result.current.submit());
    expect(fetchMock).not.toHaveBeenCalled();
    expect(hook.result.current.errors).toEqual({ name: 'El nombre es obligatorio', rooms: 'Indica cuántas habitaciones tiene' });
    expect(hook.result.current.field('name').error).toBe('El nombre es obligatorio');
  });

  it('sends the schema output (trimmed, coerced), then calls onSuccess and closes and resets the dialog', async () => {
    fetchMock.mockResolvedValue(fakeResponse(201, { id: 9 }));
    const { hook, onOpenChange, onSuccess } = setup();
    type(hook, 'name', '  Ático  ');
    type(hook, 'rooms', '3');
    act(() => hook.result.current.submit());
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ id: 9 }, { name: 'Ático', rooms: 3 }));
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ name: 'Ático', rooms: 3 });
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(hook.result.current.values).toEqual(EMPTY);
  });

  it('keeps the dialog and its values after a success when asked to (a result to show)', async () => {
    fetchMock.mockResolvedValue(fakeResponse(201, { id: 9 }));
    const { hook, onOpenChange, onSuccess } = setup({ stayOpen: true });
    type(hook, 'name', 'Ático');
    type(hook, 'rooms', '3');
    act(() => hook.result.current.submit());
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(hook.result.current.values.name).toBe('Ático');
  });

  it("shows the server's field errors and says its message; without a message, the form's fallback", async () => {
    fetchMock.mockResolvedValueOnce(fakeResponse(409, { error: 'conflict', message: 'Ya existe una con ese nombre', fields: { name: 'Ya existe una con ese nombre' } }));
    const { hook, onFailure, onOpenChange } = setup();
    type(hook, 'name', 'Ático');
    type(hook, 'rooms', '2');
    act(() => hook.result.current.submit());
    await waitFor(() => expect(hook.result.current.errors).toEqual({ name: 'Ya existe una con ese nombre' }));
    expect(onFailure).toHaveBeenCalledWith('Ya existe una con ese nombre', expect.anything());
    expect(onOpenChange).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(fakeResponse(500, 'boom'));
    act(() => hook.result.current.submit());
    await waitFor(() => expect(onFailure).toHaveBeenLastCalledWith('No se pudo guardar', expect.anything()));
  });

  it('says nothing on a 401 (the shell signs the user out)', async () => {
    fetchMock.mockResolvedValue(fakeResponse(401, { error: 'unauthorized', message: 'No autenticado' }));
    const { hook, onFailure } = setup();
    type(hook, 'name', 'Ático');
    type(hook, 'rooms', '2');
    act(() => hook.result.current.submit());
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(hook.result.current.pending).toBe(false));
    expect(onFailure).not.toHaveBeenCalled();
    expect(hook.result.current.errors).toEqual({});
  });

  it('closing resets values and errors, so the next opening starts clean', () => {
    const { hook, onOpenChange } = setup();
    type(hook, 'name', 'Ático');
    act(() => hook.result.current.submit());
    expect(hook.result.current.errors.rooms).toBeDefined();
    act(() => hook.result.current.close());
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(hook.result.current.values).toEqual(EMPTY);
    expect(hook.result.current.errors).toEqual({});
  });

  it('binds a select: empty is no choice, a choice is set', () => {
    const { hook } = setup();
    expect(hook.result.current.select('rooms').value).toBeUndefined();
    act(() => hook.result.current.select('rooms').onValueChange('4'));
    expect(hook.result.current.values.rooms).toBe('4');
  });
});
