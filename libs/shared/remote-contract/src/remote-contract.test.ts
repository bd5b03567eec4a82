import { APP_ROUTES } from '@arrendia/permissions';
import { DASHBOARD_TITLES, federationName, REMOTE_NAMES, remoteForRole, ROUTE_TITLES } from './index';

describe('remoteForRole', () => {
  it('maps every role, and its aliases, to its portal', () => {
    expect(remoteForRole('propietario_individual')).toBe('owner-portal');
    expect(remoteForRole('owner')).toBe('owner-portal');
    expect(remoteForRole('manager')).toBe('agency-portal');
    expect(remoteForRole('agente')).toBe('agency-portal');
    expect(remoteForRole('propietario_delegado')).toBe('agency-portal');
    expect(remoteForRole('tenant')).toBe('tenant-portal');
    expect(remoteForRole('admin')).toBe('admin-portal');
  });

  it('gives visitors the public site and unknown roles nothing', () => {
    expect(remoteForRole(null)).toBe('public-site');
    expect(remoteForRole('root')).toBeNull();
  });
});

describe('titles', () => {
  it('names every guarded route in Spanish', () => {
    expect(Object.keys(ROUTE_TITLES).sort()).toEqual([...APP_ROUTES].sort());
    expect(ROUTE_TITLES['/properties']).toBe('Propiedades');
    expect(ROUTE_TITLES['/settings']).toBe('Configuración');
  });

  it('uses the dashboard headings of spec §2', () => {
    expect(DASHBOARD_TITLES).toMatchObject({
      admin: 'Dashboard Administrativo',
      owner: 'Dashboard del Propietario',
      agency: 'Dashboard del Gestor de Agencia',
      tenant: 'Mi Alquiler',
    });
  });
});

it('federation names are valid JS identifiers', () => {
  for (const name of REMOTE_NAMES) expect(federationName(name)).toMatch(/^[a-z_][a-z0-9_]*$/);
});
