import { ListingCreateSchema, ListingPhotoOrderSchema, ListingUpdateSchema } from '@arrendia/api-contract';
import Router from '@koa/router';
import type { AppContext, AppMiddleware, AppState } from '../../context';
import { authenticate } from '../../middlewares/authenticate';
import { requirePermission } from '../../middlewares/requirePermission';
import { transaction } from '../../middlewares/transaction';
import { route } from '../../middlewares/validate';
import { addPhoto, deletePhoto, orderPhotos, publish, receiveListingPhoto, show, update, withdraw } from './listings';

/**
 * A unit's advert (issue 32, point 5), for whoever may edit the unit's property: the same
 * permission as editing the unit, narrowed to the user's properties by editableScope.
 */
export function listingsRoutes({ session }: { session: AppMiddleware }) {
  const write = [session, authenticate, requirePermission('properties:write')];
  return new Router<AppState, AppContext>()
    .post('/units/:id/listing', ...write, transaction, route(ListingCreateSchema, publish))
    .get('/listings/:id', ...write, show)
    .patch('/listings/:id', ...write, transaction, route(ListingUpdateSchema, update))
    .delete('/listings/:id', ...write, transaction, withdraw)
    .post('/listings/:id/photos', ...write, receiveListingPhoto, addPhoto)
    .put('/listings/:id/photos/order', ...write, transaction, route(ListingPhotoOrderSchema, orderPhotos))
    .delete('/listings/:id/photos/:photoId', ...write, transaction, deletePhoto);
}
