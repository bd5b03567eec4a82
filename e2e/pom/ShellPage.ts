import { expect, type Locator, type Page } from '@playwright/test';
import { menuFor, SETTINGS_LABEL } from '@arrendia/permissions';

/** What the shell draws around every portal. */
export class ShellPage {
  readonly sidebar: Locator;
  readonly logoutButton: Locator;
  readonly logoutConfirm: Locator;
  readonly remoteFallback: Locator;
  readonly notFound: Locator;
  /** The sidebar as a landmark (logo, user, menu). */
  readonly aside: Locator;
  readonly main: Locator;
  /** The page's own heading, drawn by the remote in the content area (its first h1). */
  readonly pageHeading: Locator;
  readonly header: Locator;
  readonly viewTabs: Locator;
  readonly searchBox: Locator;
  readonly searchResults: Locator;
  readonly themeToggle: Locator;
  readonly bell: Locator;
  readonly notificationsMenu: Locator;
  readonly userMenuButton: Locator;
  readonly userMenu: Locator;
  readonly menuButton: Locator;
  readonly toastRegion: Locator;
  /** The sidebar's links (the role's menu, then Configuración) and buttons (Cerrar Sesión), in order. */
  readonly menuLinks: Locator;
  readonly menuButtons: Locator;

  constructor(readonly page: Page) {
    this.sidebar = page.getByRole('navigation', { name: 'Menú principal' });
    this.logoutButton = page.getByRole('button', { name: 'Cerrar Sesión' });
    this.logoutConfirm = page.getByRole('alertdialog');
    this.remoteFallback = page.getByRole('main').getByRole('alert').filter({ hasText: 'No se ha podido cargar esta sección' });
    this.notFound = page.getByText('404 Page Not Found');
    this.aside = page.getByRole('complementary', { name: 'Barra lateral' });
    this.main = page.getByRole('main');
    this.pageHeading = this.main.getByRole('heading', { level: 1 }).first();
    this.header = page.getByRole('banner');
    this.viewTabs = page.getByRole('navigation', { name: 'Vistas' });
    this.searchBox = page.getByPlaceholder('Buscar propiedades, inquilinos...');
    this.searchResults = page.getByRole('listbox', { name: 'Resultados de la búsqueda' });
    this.themeToggle = this.header.getByRole('button', { name: /^Activar tema (claro|oscuro)$/ });
    this.bell = this.header.getByRole('button', { name: /^Notificaciones/ });
    this.notificationsMenu = page.getByRole('menu', { name: 'Notificaciones' });
    this.userMenuButton = this.header.getByRole('button', { name: /^Menú de usuario/ });
    this.userMenu = page.getByRole('menu', { name: 'Menú de usuario' });
    this.menuButton = this.header.getByRole('button', { name: /^(Abrir|Cerrar) menú$/ });
    this.toastRegion = page.getByRole('region', { name: /Notificaciones \(F8\)/ });
    this.menuLinks = this.sidebar.getByRole('link');
    this.menuButtons = this.sidebar.getByRole('button');
  }

  remote(name: string): Locator {
    return this.page.locator(`[data-remote="${name}"]`);
  }

  async logout(): Promise<void> {
    await this.logoutButton.click();
    await this.logoutConfirm.getByText('¿Estás seguro de que quieres cerrar sesión?').waitFor();
    await this.logoutConfirm.getByRole('button', { name: 'Cerrar Sesión' }).click();
    // The shell ends the session, then loads the start page: a navigation of the test's own before
    // that load would be cut short by it (net::ERR_ABORTED on a loaded machine).
    await this.page.waitForURL((url) => url.pathname === '/', { waitUntil: 'load' });
  }

  /**
   * Opens a signed-in route as a user does: with its sidebar link (the role's menu, or
   * Configuración), or from the address bar when the menu has none. Resolves once the route's page
   * has replaced the one before it (the heading changed) and the URL is the route's.
   */
  async open(route: string, roleName: string): Promise<void> {
    if (new URL(this.page.url()).pathname === route) return;
    const label = route === '/settings' ? SETTINGS_LABEL : menuFor(roleName).find((entry) => entry.path === route)?.label;
    const before = (await this.pageHeading.count()) ? await this.pageHeading.textContent() : null;
    if (label) await this.menuLink(label).click();
    else await this.page.goto(route);
    await expect(this.page).toHaveURL(new RegExp(`${route}$`));
    if (before !== null) await expect(this.pageHeading, `${route} replaces the page before it`).not.toHaveText(before);
    await expect(this.pageHeading).toBeVisible();
  }

  /** The sidebar link of a menu entry (its name is the label; a live count is its description). */
  menuLink(label: string): Locator {
    return this.sidebar.getByRole('link', { name: label, exact: true });
  }
}
