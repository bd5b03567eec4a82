/** Types of bundleBudgets.cjs (plain CommonJS so the e2e test and bench/bundles.mjs share it). */
import type { Page } from '@playwright/test';

export interface Script {
  url: string;
  /** The build it comes from: 'shell' or a remote's name. */
  app: string;
  /** Its path inside dist/apps/<app>. */
  file: string;
  /** The compressed body the server sent. */
  bytes: number;
}
export interface Contents {
  packages: string[];
  projects: string[];
}
export declare const BUDGETS: Readonly<{ landingKb: number; remoteFirstUseKb: number; chartLibraryKb: number }>;
export declare const SINGLETON_PACKAGES: readonly string[];
export declare const CHART_PACKAGES: readonly string[];
export declare const PORTAL_ACCOUNTS: Readonly<Record<'owner-portal' | 'agency-portal' | 'tenant-portal' | 'admin-portal', 'owner' | 'manager' | 'tenant' | 'admin'>>;
export declare const PAGE_WITHOUT_PORTAL: string;
export declare const DIST_APPS: string;
export declare function locate(url: string): { app: string; file: string };
export declare function contentsOf(app: string, file: string): Contents;
export declare function recordScripts(page: Page): { mark(): number; settle(from?: number, quietMs?: number): Promise<Script[]> };
export declare function measureLanding(page: Page): Promise<Script[]>;
export declare function measureFirstUse(page: Page, remote: string): Promise<{ shell: Script[]; added: Script[] }>;
export declare function kb(scripts: Script[]): number;
export declare function isChartLibrary(script: Script): boolean;
export declare function listScripts(scripts: Script[]): string;
export declare function checkLanding(scripts: Script[]): string[];
export declare function checkFirstUse(remote: string, added: Script[]): string[];
export declare function checkSingletons(scripts: Script[]): string[];
