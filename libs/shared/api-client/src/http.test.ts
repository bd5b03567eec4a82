import { apiRequest, errorStatus, isUnauthorizedError, readErrorBody } from './http';

const fetchMock = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>();

beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
});

describe('apiRequest', () => {
  it('sends cookies and a JSON body with its content type', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 200 }));
    await apiRequest('POST', '/api/auth/login', { email: 'a@b.es', password: 'x' });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/auth/login');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' } });
    expect(JSON.parse(String(init!.body))).toEqual({ email: 'a@b.es', password: 'x' });
  });

  it('sends no body and no content type without data', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    const res = await apiRequest('POST', '/api/auth/logout');
    expect(res.status).toBe(204);
    const [, init] = fetchMock.mock.calls[0];
    expect(init!.body).toBeUndefined();
    expect(init!.headers).toEqual({});
    expect(init!.credentials).toBe('include');
  });

  it('throws "<status>: <body text>" on a non-OK answer', async () => {
    fetchMock.mockResolvedValue(new Response('{"error":"conflict","message":"El correo ya está registrado"}', { status: 409 }));
    await expect(apiRequest('POST', '/api/auth/register', {})).rejects.toThrow('409: {"error":"conflict","message":"El correo ya está registrado"}');
  });

  it('uses the status text when the body is empty', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 401, statusText: 'Unauthorized' }));
    await expect(apiRequest('GET', '/api/properties')).rejects.toThrow(/^401: Unauthorized$/);
  });
});

describe('isUnauthorizedError', () => {
  it("matches the spec's '401: ... Unauthorized' form", () => {
    expect(isUnauthorizedError(new Error('401: Unauthorized'))).toBe(true);
    expect(isUnauthorizedError(new Error('401: {"message":"Unauthorized"}'))).toBe(true);
  });

  it("matches any message starting with '401: '", () => {
    expect(isUnauthorizedError(new Error('401: {"error":"unauthorized","message":"No has iniciado sesión"}'))).toBe(true);
  });

  it('matches nothing else', () => {
    expect(isUnauthorizedError(new Error('403: Forbidden'))).toBe(false);
    expect(isUnauthorizedError(new Error('Unauthorized'))).toBe(false);
    expect(isUnauthorizedError(new Error('4010: x'))).toBe(false);
    expect(isUnauthorizedError('401: Unauthorized')).toBe(false);
    expect(isUnauthorizedError(null)).toBe(false);
  });
});

describe('readErrorBody and errorStatus', () => {
  it('reads the server JSON inside the error', () => {
    const err = new Error('400: {"error":"validation_error","message":"Datos no válidos","fields":{"email":"Introduce un correo electrónico válido"}}');
    expect(readErrorBody(err)).toEqual({ error: 'validation_error', message: 'Datos no válidos', fields: { email: 'Introduce un correo electrónico válido' } });
    expect(errorStatus(err)).toBe(400);
  });

  it('gives null for plain text, other errors and non-errors', () => {
    expect(readErrorBody(new Error('502: Bad Gateway'))).toBeNull();
    expect(readErrorBody(new Error('401: {"error":"x"}'))).toBeNull();
    expect(readErrorBody(new TypeError('Failed to fetch'))).toBeNull();
    expect(errorStatus(new TypeError('Failed to fetch'))).toBeNull();
    expect(readErrorBody(undefined)).toBeNull();
  });
});
