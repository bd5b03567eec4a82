import type { Knex } from 'knex';
import * as createAuthAndRemotes from './20261121064752_create_auth_and_remotes';
import * as createPortfolioModel from './20261121070000_create_portfolio_model';

export interface Migration extends Knex.Migration {
  /** The file name without extension: what knex records in knex_migrations. */
  name: string;
}

/**
 * Every migration, oldest first. A static list instead of a directory scan: knex would load
 * files with a native require, which neither the bundle nor jest can follow.
 */
export const MIGRATIONS: readonly Migration[] = [
  { name: '20261121064752_create_auth_and_remotes', ...createAuthAndRemotes },
  { name: '20261121070000_create_portfolio_model', ...createPortfolioModel },
];
