/** A Response stand-in for tests (jsdom has no fetch API). Not exported from the lib. */
export function fakeResponse(status: number, body: unknown = '', statusText = '', headers: Record<string, string> = {}): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    headers: { get: (name: string) => lower[name.toLowerCase()] ?? null } as Headers,
    text: async () => text,
    json: async () => JSON.parse(text),
  } as Response;
}
