import type { z } from 'zod';
import {
  LISTING_MESSAGES,
  LISTING_PHOTO_MAX_BYTES,
  ListingParamsSchema,
  ListingPhotoParamsSchema,
  UnitParamsSchema,
  type ListingCreateSchema,
  type ListingPhotoOrderSchema,
  type ListingUpdateSchema,
} from '@arrendia/api-contract';
import { addListingPhoto, deleteListingPhoto, loadEditableListing, orderListingPhotos, publishListing, updateListing } from '../../commands/listingPublisher';
import type { Ctx } from '../../context';
import { validationError } from '../../errors';
import { currentUser } from '../../middlewares/authenticate';
import { receiveFile } from '../../middlewares/receiveFile';
import { parseInput } from '../../middlewares/validate';
import { presentListingPhoto, presentManagedListing } from '../../presenters/listing';
import { managedListing } from '../../queries/listings';
import { listingPhotosDir, prepareListingPhoto } from '../../storage/listingPhotos';
import { inTransaction } from '../../db/afterCommit';

/** One photo of at most LISTING_PHOTO_MAX_BYTES (multipart field `file`). */
export const receiveListingPhoto = receiveFile({ maxBytes: LISTING_PHOTO_MAX_BYTES, sizeError: LISTING_MESSAGES.photoSize });

/** POST /api/units/:id/listing → 201 with the advert as its publishers see it ('Publicar anuncio'). */
export async function publish(ctx: Ctx, input: z.output<typeof ListingCreateSchema>) {
  const { id } = parseInput(UnitParamsSchema, ctx.params);
  const listingId = await publishListing(ctx.state.trx!, currentUser(ctx), id, input);
  ctx.status = 201;
  ctx.set('Location', `/api/listings/${listingId}`);
  ctx.body = presentManagedListing(await managedListing(ctx.state.trx!, listingId));
}

/** GET /api/listings/:id → the advert, published or withdrawn, for whoever may edit its unit's property (else 404). */
export async function show(ctx: Ctx) {
  const { id } = parseInput(ListingParamsSchema, ctx.params);
  await loadEditableListing(ctx.knex, currentUser(ctx), id, { lock: false });
  ctx.body = presentManagedListing(await managedListing(ctx.knex, id));
}

/** PATCH /api/listings/:id → the advert after the change ('Editar anuncio', 'Publicar de nuevo'). */
export async function update(ctx: Ctx, input: z.output<typeof ListingUpdateSchema>) {
  const { id } = parseInput(ListingParamsSchema, ctx.params);
  await updateListing(ctx.state.trx!, currentUser(ctx), id, input);
  ctx.body = presentManagedListing(await managedListing(ctx.state.trx!, id));
}

/** DELETE /api/listings/:id → the advert withdrawn from the catalogue ('Retirar anuncio'); it keeps its photos and leads. */
export async function withdraw(ctx: Ctx) {
  const { id } = parseInput(ListingParamsSchema, ctx.params);
  await updateListing(ctx.state.trx!, currentUser(ctx), id, { isPublished: false });
  ctx.body = presentManagedListing(await managedListing(ctx.state.trx!, id));
}

/**
 * POST /api/listings/:id/photos (multipart `file`: JPEG, PNG or WebP by content, 15 MB) → 201 with
 * the photo; the 21st is 409. The photo is decoded and resized before the transaction opens, so no
 * lock (and, on PGlite, no connection) is held while libvips works.
 */
export async function addPhoto(ctx: Ctx) {
  const { id } = parseInput(ListingParamsSchema, ctx.params);
  const file = (ctx.request as { file?: Express.Multer.File }).file;
  if (!file || file.size === 0) throw validationError('Elige una foto', { file: 'Elige una foto' });
  const photo = await prepareListingPhoto(file.buffer);
  const photoId = await inTransaction(ctx.knex, (trx) => addListingPhoto(trx, currentUser(ctx), listingPhotosDir(ctx.config), id, photo));
  const { photos } = await managedListing(ctx.knex, id);
  ctx.status = 201;
  ctx.body = presentListingPhoto(photos.find((p) => p.id === photoId)!);
}

/** PUT /api/listings/:id/photos/order {photoIds} → the photos in their new order (the first is the cover). */
export async function orderPhotos(ctx: Ctx, input: z.output<typeof ListingPhotoOrderSchema>) {
  const { id } = parseInput(ListingParamsSchema, ctx.params);
  await orderListingPhotos(ctx.state.trx!, currentUser(ctx), id, input);
  ctx.body = (await managedListing(ctx.state.trx!, id)).photos.map(presentListingPhoto);
}

/** DELETE /api/listings/:id/photos/:photoId → 204; its files go once the change commits. */
export async function deletePhoto(ctx: Ctx) {
  const { id, photoId } = parseInput(ListingPhotoParamsSchema, ctx.params);
  await deleteListingPhoto(ctx.state.trx!, currentUser(ctx), listingPhotosDir(ctx.config), id, photoId);
  ctx.status = 204;
}
