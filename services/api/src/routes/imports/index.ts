import { ImportMappingPutSchema } from '@arrendia/api-contract';
import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { transaction } from '../../middlewares/transaction';
import { route } from '../../middlewares/validate';
import { cancel, commit, create, list, receiveImport, remap, show, template, workbookTemplate } from './imports';

/** Spreadsheet imports (issue 35): the owner, the agency manager, the super admin for any account. */
export function importsRoutes({ session }: { session: AppMiddleware }) {
  const write = [session, authenticate, requirePermission('imports:write')];
  return new Router<AppState, AppContext>()
    // Before ':entity.csv': the workbook is no entity.
    .get('/imports/templates/plantilla.xlsx', ...write, workbookTemplate)
    .get('/imports/templates/:entity.csv', ...write, template)
    .get('/imports', ...write, list)
    .post('/imports', ...write, receiveImport, transaction, create)
    .get('/imports/:id', ...write, show)
    .put('/imports/:id/mapping', ...write, transaction, route(ImportMappingPutSchema, remap))
    .post('/imports/:id/commit', ...write, transaction, commit)
    .post('/imports/:id/cancel', ...write, transaction, cancel);
}
