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
  const onInvalid = jest.fn();
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
        onInvalid,
        failureMessage: 'No se pudo guardar',
        stayOpen: options.stayOpen,
      }),
    { wrapper },
  );
  return { hook, onOpenChange, onSuccess, onFailure, onInvalid };
}

const type = (hook: ReturnType<typeof setup>['hook'], key: 'name' | 'rooms', value: string) =>
  act(() => hook.result.current.field(key).onChange({ target: { value } } as never));

describe('useFormDialog', () => {
  it('checks the values with the shared schema before calling: nothing is sent while a field is wrong, and each field says why', () => {
    const { hook, onInvalid } = setup();
    act(() => hook.result.current.submit());
    expect(fetchMock).not.toHaveBeenCalled();
    expect(hook.result.current.errors).toEqual({ name: 'El nombre es obligatorio', rooms: 'Indica cuántas habitaciones tiene' });
    expect(onInvalid).toHaveBeenCalledWith({ name: 'El nombre es obligatorio', rooms: 'Indica cuántas habitaciones tiene' });
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

describe('useFormDialog: a form’s own wording and checks', () => {
  const Change = z.object({ name: z.string().trim().min(1).optional(), reason: z.string().optional() }).strict().refine((v) => Object.values(v).some((x) => x !== undefined), 'Indica al menos un cambio');

  function setupOwn(options: { validate?: (v: { name: string; reason: string }) => Record<string, string | undefined>; formErrorKey?: string; clientMessages?: (v: { name: string; reason: string }) => Record<string, string> } = {}) {
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    return renderHook(
      () =>
        useFormDialog({
          schema: Change,
          initialValues: { name: '', reason: '' },
          toInput: (v) => ({ name: v.name === '' ? undefined : v.name, reason: v.reason === '' ? undefined : v.reason }),
          mutation: useMutation({ mutationFn: async (input: z.output<typeof Change>) => (await apiRequest('PATCH', '/api/things/1', input)).json() }),
          failureMessage: 'No se pudo guardar',
          ...options,
        }),
      { wrapper },
    );
  }

  it('shows an issue that names no field under formErrorKey, only when asked', () => {
    const hook = setupOwn({ formErrorKey: 'form' });
    act(() => hook.result.current.submit());
    expect(hook.result.current.errors).toEqual({ form: 'Indica al menos un cambio' });
    const plain = setupOwn();
    act(() => plain.result.current.submit());
    expect(plain.result.current.errors).toEqual({});
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('runs the form’s own checks beside the schema: their messages show with its, and nothing is sent', () => {
    const hook = setupOwn({ formErrorKey: 'form', validate: (v) => (v.name.startsWith('Finalizar') && !v.reason ? { reason: 'Indica el motivo' } : { name: undefined }) });
    act(() => hook.result.current.field('name').onChange({ target: { value: 'Finalizar' } } as never));
    act(() => hook.result.current.submit());
    expect(hook.result.current.errors).toEqual({ reason: 'Indica el motivo' });
    act(() => hook.result.current.field('name').onChange({ target: { value: 'Finalizar ' } } as never));
    act(() => hook.result.current.submit());
    expect(hook.result.current.errors).toEqual({ reason: 'Indica el motivo' });
    act(() => hook.result.current.field('name').onChange({ target: { value: ' ' } } as never));
    act(() => hook.result.current.submit());
    expect(hook.result.current.errors).toEqual({ name: expect.any(String) });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a check of its own and the schema’s messages together (a short password and a confirmation that differs)', () => {
    const Password = z.object({ password: z.string().min(8, 'Al menos 8 caracteres') }).strict();
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const hook = renderHook(
      () =>
        useFormDialog({
          schema: Password,
          initialValues: { password: 'corta', confirmation: 'otra' },
          toInput: (v) => ({ password: v.password }),
          validate: (v) => (v.confirmation === v.password ? {} : { confirmation: 'Las contraseñas no coinciden' }),
          mutation: useMutation({ mutationFn: async (input: z.output<typeof Password>) => input }),
          failureMessage: 'No se pudo guardar',
        }),
      { wrapper },
    );
    act(() => hook.result.current.submit());
    expect(hook.result.current.errors).toEqual({ password: 'Al menos 8 caracteres', confirmation: 'Las contraseñas no coinciden' });
  });

  it('words a field’s message from the values when clientMessages is a function', () => {
    const Named = z.object({ name: z.string().min(3, 'Demasiado corto') });
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const hook = renderHook(
      () =>
        useFormDialog({
          schema: Named,
          initialValues: { name: '' },
          clientMessages: (v) => (v.name === '' ? { name: 'El nombre es obligatorio' } : {}),
          mutation: useMutation({ mutationFn: async (input: z.output<typeof Named>) => input }),
          failureMessage: 'No se pudo guardar',
        }),
      { wrapper },
    );
    act(() => hook.result.current.submit());
    expect(hook.result.current.errors).toEqual({ name: 'El nombre es obligatorio' });
    act(() => hook.result.current.field('name').onChange({ target: { value: 'ab' } } as never));
    act(() => hook.result.current.submit());
    expect(hook.result.current.errors).toEqual({ name: 'Demasiado corto' });
  });
});
