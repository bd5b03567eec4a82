import { IncidentCommentsCreateSchema, IncidentsCreateSchema, IncidentsUpdateSchema } from '@arrendia/api-contract';
import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { transaction } from '../../middlewares/transaction';
import { route } from '../../middlewares/validate';
import { addComment, addPhoto, listComments, listPhotos, photo, receivePhoto } from './extras';
import { assignees, create, exportCsv, list, show, update } from './incidents';

export function incidentsRoutes({ session }: { session: AppMiddleware }) {
  const read = [session, authenticate, requirePermission('incidents:read')];
  return new Router<AppState, AppContext>()
    .get('/incidents', ...read, list)
    .get('/incidents.csv', ...read, exportCsv)
    .post('/incidents', session, authenticate, requirePermission('incidents:report'), transaction, route(IncidentsCreateSchema, create))
    .get('/incidents/:id', ...read, show)
    .patch('/incidents/:id', session, authenticate, requirePermission('incidents:manage'), transaction, route(IncidentsUpdateSchema, update))
    // Whom 'Asignar a' offers (issue 33): the staff who may change the incident.
    .get('/incidents/:id/assignees', session, authenticate, requirePermission('incidents:manage'), assignees)
    // Photos and comments (issue 12): whoever sees the incident, tenants included.
    .get('/incidents/:id/photos', ...read, listPhotos)
    .post('/incidents/:id/photos', session, authenticate, requirePermission('incidents:report'), receivePhoto, transaction, addPhoto)
    .get('/incidents/:id/photos/:photoId', ...read, photo)
    .get('/incidents/:id/comments', ...read, listComments)
    .post('/incidents/:id/comments', session, authenticate, requirePermission('incidents:report'), transaction, route(IncidentCommentsCreateSchema, addComment));
}
