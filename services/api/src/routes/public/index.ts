import { PublicLeadCreateSchema } from '@arrendia/api-contract';
import Router from '@koa/router';
import type { AppContext, AppState } from '../../context';
import { transaction } from '../../middlewares/transaction';
import { route } from '../../middlewares/validate';
import { createLead, listingPhoto, listListings, placeholder, showListing, site } from './public';

/** The calls a signed-out visitor makes: the site's facts, the catalogue, the contact form, the photos and the placeholder images. No session. */
export function publicRoutes() {
  return new Router<AppState, AppContext>()
    .get('/public/site', site)
    .get('/public/listings', listListings)
    .get('/public/listings/:id', showListing)
    .post('/public/leads', transaction, route(PublicLeadCreateSchema, createLead))
    .get('/public/listing-photos/:photoId/:width', listingPhoto)
    .get('/placeholder/:w/:h', placeholder);
}
