import { APP_ROUTES, canAccessRoute, canonicalRole, dashboardKindFor, menuFor, roleLabel, routeOf, ROUTE_ACCESS, MENUS } from './index';

describe('roles', () => {
  it('resolves aliases to canonical names and rejects the rest', () => {
    expect(canonicalRole('owner')).toBe('propietario_individual');
    expect(canonicalRole('admin')).toBe('super_admin');
    expect(canonicalRole('agente')).toBe('agente');
    expect(canonicalRole('root')).toBeNull();
    expect(canonicalRole(undefined)).toBeNull();
  });

  it('labels roles in Spanish with Usuario as fallback', () => {
    expect(roleLabel('admin_agencia')).toBe('Administrador de Agencia');
    expect(roleLabel('manager')).toBe('Administrador de Agencia');
    expect(roleLabel('nobody')).toBe('Usuario');
  });

  it('chooses the dashboard by role name and alias', () => {
    expect(dashboardKindFor('tenant')).toBe('tenant');
    expect(dashboardKindFor('propietario_delegado')).toBe('delegated');
    expect(dashboardKindFor('something')).toBeNull();
  });
});

describe('route access', () => {
  it('maps detail paths to their guarded route', () => {
    expect(routeOf('/properties/42')).toBe('/properties');
    expect(routeOf('/')).toBe('/dashboard');
    expect(routeOf('/nope')).toBeNull();
  });

  it('follows the spec table', () => {
    expect(canAccessRoute('inquilino', '/properties')).toBe(false);
    expect(canAccessRoute('inquilino', '/contracts')).toBe(true);
    expect(canAccessRoute('agente', '/finances')).toBe(false);
    expect(canAccessRoute('admin_agencia', '/users')).toBe(false);
    expect(canAccessRoute('super_admin', '/users')).toBe(true);
  });

  it('gives the delegated owner the routes of its menu (decisions.md)', () => {
    for (const path of ['/dashboard', '/properties', '/leads', '/contracts', '/reports', '/incidents', '/messages', '/settings']) {
      expect(canAccessRoute('propietario_delegado', path)).toBe(true);
    }
    expect(canAccessRoute('propietario_delegado', '/finances')).toBe(false);
    expect(canAccessRoute('propietario_delegado', '/tenants')).toBe(false);
  });

  it("opens /leads to the owners, the delegate, the agency's manager and the super admin, not to the agent (its pipeline is on its dashboard)", () => {
    expect(routeOf('/leads/7')).toBe('/leads');
    for (const role of ['super_admin', 'propietario_individual', 'admin_agencia', 'propietario_delegado']) expect(canAccessRoute(role, '/leads/7')).toBe(true);
    for (const role of ['agente', 'inquilino']) expect(canAccessRoute(role, '/leads')).toBe(false);
  });

  it("opens 'Índices de actualización' (/index-values) to the super admin only, from its menu (issue 36)", () => {
    expect(routeOf('/index-values')).toBe('/index-values');
    expect(ROUTE_ACCESS['/index-values']).toEqual(['super_admin']);
    for (const role of ['propietario_individual', 'admin_agencia', 'agente', 'propietario_delegado', 'inquilino']) {
      expect(canAccessRoute(role, '/index-values')).toBe(false);
      expect(menuFor(role).map((m) => m.path)).not.toContain('/index-values');
    }
    expect(menuFor('super_admin').find((m) => m.path === '/index-values')).toEqual({ path: '/index-values', label: 'Índices de actualización', icon: 'chart' });
    // Added after the platform's own screens; every label the admin had before stays.
    expect(menuFor('super_admin').map((m) => m.label).slice(-4)).toEqual(['Módulos', 'Auditoría', 'Correo saliente', 'Índices de actualización']);
  });

  it('gives a user with no role no access', () => {
    expect(canAccessRoute(null, '/dashboard')).toBe(false);
    expect(canAccessRoute('', '/settings')).toBe(false);
  });

  it('never lists a menu entry its role may not open', () => {
    for (const [role, entries] of Object.entries(MENUS)) {
      for (const entry of entries) expect(ROUTE_ACCESS[entry.path]).toContain(role);
    }
  });

  it('uses the labels the spec names', () => {
    expect(menuFor('owner').map((m) => m.label)).toContain('Mis Propiedades');
    expect(menuFor('manager').map((m) => m.label)).toContain('Cartera Gestionada');
    expect(menuFor('tenant').map((m) => m.label)).toEqual(['Dashboard', 'Mi Contrato', 'Incidencias', 'Mensajes']);
    expect(menuFor(null)).toEqual([]);
  });

  it("puts 'Clientes Potenciales' after Mensajes (after Propiedades for the delegate), and not in the agent's menu", () => {
    const paths = (role: string) => menuFor(role).map((m) => m.path);
    for (const role of ['super_admin', 'propietario_individual', 'admin_agencia']) {
      expect(paths(role).indexOf('/leads')).toBe(paths(role).indexOf('/messages') + 1);
    }
    expect(paths('propietario_delegado')).toEqual(['/properties', '/leads', '/contracts', '/reports', '/incidents', '/messages']);
    expect(menuFor('owner').find((m) => m.path === '/leads')).toEqual({ path: '/leads', label: 'Clientes Potenciales', icon: 'user' });
    expect(paths('agente')).not.toContain('/leads');
  });
});

describe('public routes', () => {
  it('recognises the public paths and nothing else', () => {
    const { isPublicPath } = jest.requireActual('./index');
    expect(isPublicPath('/')).toBe(true);
    expect(isPublicPath('/alquiler')).toBe(true);
    expect(isPublicPath('/properties-management')).toBe(true);
    expect(isPublicPath('/property/7')).toBe(true);
    expect(isPublicPath('/property/')).toBe(false);
    expect(isPublicPath('/property/7/x')).toBe(false);
    expect(isPublicPath('/dashboard')).toBe(false);
    expect(isPublicPath('/invitacion/abc123')).toBe(true);
    expect(isPublicPath('/invitacion/')).toBe(false);
    expect(isPublicPath('/invitacion-propietario/abc123')).toBe(true);
    expect(isPublicPath('/invitacion-propietario/')).toBe(false);
    expect(isPublicPath('/invitacion-propietario/abc123/x')).toBe(false);
  });

  it('opens only the invitation links to a signed-in user too', () => {
    const { isOpenPath } = jest.requireActual('./index');
    expect(isOpenPath('/invitacion/abc123')).toBe(true);
    expect(isOpenPath('/invitacion/abc123/')).toBe(true);
    expect(isOpenPath('/invitacion/')).toBe(false);
    expect(isOpenPath('/invitacion-propietario/abc123')).toBe(true);
    expect(isOpenPath('/invitacion-propietario/')).toBe(false);
    expect(isOpenPath('/')).toBe(false);
    expect(isOpenPath('/alquiler')).toBe(false);
    expect(isOpenPath('/dashboard')).toBe(false);
  });
});

describe('actions', () => {
  it('refuses tenants the property list but lets them read contracts and report incidents', () => {
    const { can } = jest.requireActual('./index');
    expect(can('inquilino', 'properties:read')).toBe(false);
    expect(can('inquilino', 'contracts:read')).toBe(true);
    expect(can('inquilino', 'contracts:write')).toBe(false);
    expect(can('inquilino', 'incidents:report')).toBe(true);
    expect(can('inquilino', 'incidents:manage')).toBe(false);
    expect(can('tenant', 'transactions:read')).toBe(true);
  });

  it('lets staff manage incidents and the delegated owner record money', () => {
    const { can } = jest.requireActual('./index');
    expect(can('agente', 'incidents:manage')).toBe(true);
    expect(can('propietario_delegado', 'transactions:write')).toBe(true);
    expect(can('agente', 'transactions:read')).toBe(false);
    expect(can(null, 'dashboard:read')).toBe(false);
  });
});

describe('the route table', () => {
  it('names no route whose first segment the server keeps for itself (/api, and /remotes for the remotes\' files)', () => {
    const reserved = ['api', 'remotes'];
    expect(APP_ROUTES.filter((route) => reserved.includes(route.split('/')[1]!))).toEqual([]);
  });
});
