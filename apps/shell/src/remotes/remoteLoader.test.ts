import type { RemoteDescriptor } from '@arrendia/api-contract';
import { createRemoteLoader, RemoteLoadError, type FederationRuntime } from './remoteLoader';

const App = () => null;
const descriptor = (name: string, manifestUrl = `/remotes/${name}/mf-manifest.json`): RemoteDescriptor => ({
  name,
  roles: [],
  manifestUrl,
  enabled: true,
  version: '1',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

type Load = (id: string) => Promise<unknown>;

function setup({ registry = [descriptor('owner-portal')], load = jest.fn<Promise<unknown>, [string]>(async () => ({ default: App })) as Load } = {}) {
  let current = registry;
  const runtime = { register: jest.fn(), load: jest.fn(load) } as jest.Mocked<FederationRuntime>;
  const getRegistry = jest.fn(async () => current);
  const refreshRegistry = jest.fn();
  const loader = createRemoteLoader({ getRegistry, refreshRegistry, runtime, origin: 'https://app.arrendia.es' });
  return { loader, runtime, getRegistry, refreshRegistry, setRegistry: (next: RemoteDescriptor[]) => (current = next) };
}

afterEach(() => jest.useRealTimers());

describe('createRemoteLoader', () => {
  it('registers the manifest at an absolute address and loads <container>/App', async () => {
    const { loader, runtime } = setup();
    const mod = await loader.load('owner-portal');
    expect(mod.default).toBe(App);
    expect(runtime.register).toHaveBeenCalledWith([{ name: 'owner_portal', entry: 'https://app.arrendia.es/remotes/owner-portal/mf-manifest.json' }], { force: false });
    expect(runtime.load).toHaveBeenCalledWith('owner_portal/App');
  });

  it('keeps an absolute manifest address as it is', async () => {
    const { loader, runtime } = setup({ registry: [descriptor('owner-portal', 'http://cdn.example.es/owner/mf-manifest.json')] });
    await loader.load('owner-portal');
    expect(runtime.register.mock.calls[0][0][0].entry).toBe('http://cdn.example.es/owner/mf-manifest.json');
  });

  it('gives the same promise while loading and once loaded; registers once', async () => {
    const { loader, runtime } = setup();
    const first = loader.load('owner-portal');
    expect(loader.load('owner-portal')).toBe(first);
    await first;
    expect(loader.load('owner-portal')).toBe(first);
    expect(runtime.register).toHaveBeenCalledTimes(1);
  });

  it('fails for a remote missing from the registry (disabled) and refreshes the registry', async () => {
    const { loader, runtime, refreshRegistry } = setup({ registry: [] });
    await expect(loader.load('owner-portal')).rejects.toMatchObject({ name: 'RemoteLoadError', reason: 'not-registered' });
    expect(runtime.load).not.toHaveBeenCalled();
    expect(refreshRegistry).toHaveBeenCalledTimes(1);
  });

  it('ignores a registry entry that is not enabled', async () => {
    const { loader } = setup({ registry: [{ ...descriptor('owner-portal'), enabled: false }] });
    await expect(loader.load('owner-portal')).rejects.toBeInstanceOf(RemoteLoadError);
  });

  it('fails after the default 5000 ms when loading hangs', async () => {
    jest.useFakeTimers();
    const { loader } = setup({ load: () => new Promise<never>(() => undefined) });
    const loading = loader.load('owner-portal');
    const settled = jest.fn();
    loading.catch(settled);
    await jest.advanceTimersByTimeAsync(4999);
    expect(settled).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    await expect(loading).rejects.toMatchObject({ reason: 'timeout' });
  });

  it('keeps a failure until forgetFailure, then tries again with a fresh registry', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('RUNTIME-003 manifest')).mockResolvedValue({ default: App });
    const { loader, getRegistry, refreshRegistry } = setup({ load });
    const failed = loader.load('owner-portal');
    await expect(failed).rejects.toMatchObject({ reason: 'failed' });
    expect(loader.load('owner-portal')).toBe(failed); // a re-render must not start a loop of attempts
    expect(refreshRegistry).toHaveBeenCalledTimes(1);

    loader.forgetFailure('owner-portal');
    await expect(loader.load('owner-portal')).resolves.toEqual({ default: App });
    expect(getRegistry).toHaveBeenCalledTimes(2);
  });

  it('does not forget a success', async () => {
    const { loader } = setup();
    const loaded = loader.load('owner-portal');
    await loaded;
    loader.forgetFailure('owner-portal');
    expect(loader.load('owner-portal')).toBe(loaded);
  });

  it('registers again, forced, when the address changed', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('timeout')).mockResolvedValue({ default: App });
    const { loader, runtime, setRegistry } = setup({ registry: [descriptor('owner-portal', 'http://127.0.0.1:9/mf-manifest.json')], load });
    await expect(loader.load('owner-portal')).rejects.toBeInstanceOf(RemoteLoadError);
    setRegistry([descriptor('owner-portal')]);
    loader.forgetFailure('owner-portal');
    await loader.load('owner-portal');
    expect(runtime.register).toHaveBeenLastCalledWith([{ name: 'owner_portal', entry: 'https://app.arrendia.es/remotes/owner-portal/mf-manifest.json' }], { force: true });
  });

  it('refuses a module without a component as default export', async () => {
    const { loader } = setup({ load: async () => ({ default: 'nope' }) });
    await expect(loader.load('owner-portal')).rejects.toMatchObject({ reason: 'invalid-module' });
  });
});
