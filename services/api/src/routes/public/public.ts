import { ListingPhotoFileParamsSchema, PublicListingsQuerySchema, type PublicLeadCreateSchema } from '@arrendia/api-contract';
import { z } from 'zod';
import { recordLead } from '../../commands/leadRecorder';
import { countListingView } from '../../commands/listingViewCounter';
import type { Ctx } from '../../context';
import { notFound } from '../../errors';
import { parseInput } from '../../middlewares/validate';
import { presentLeadReceipt, presentListingDetail, presentListingsPage } from '../../presenters/listing';
import { findListing, listingCatalogue, publishedListingPhoto } from '../../queries/listings';
import { sendFile } from '../../storage/download';
import { listingPhotoFile, listingPhotosDir } from '../../storage/listingPhotos';
import { clientAddress, storedAddress } from '../../clientAddress';
import { PreparedJson } from '../../compression';

/**
 * GET /api/public/listings → `{ items, total, averagePrice, page, pageSize }`. Every filter is a
 * SQL condition (AND); the average is over all matches, not the page, rounded to whole euros.
 */
export async function listListings(ctx: Ctx) {
  const params = parseInput(PublicListingsQuerySchema, ctx.query);
  // Every visitor asks the same few searches: answered from memory for config.publicCacheSeconds,
  // serialized and compressed once.
  const { value, hit } = await ctx.publicCatalogue.get(JSON.stringify(params), async () => new PreparedJson(presentListingsPage(await listingCatalogue(ctx.knex, params), params)));
  ctx.set('X-Cache', hit ? 'hit' : 'miss');
  ctx.body = value;
}

const ListingParamsSchema = z.object({ id: z.string().regex(/^\d{1,9}$/, 'Identificador no válido').transform(Number) });

const listingNotFound = () => notFound('La propiedad que buscas no está disponible');

/** GET /api/public/listings/:id → the property page; counts one view. Unknown or unpublished: 404. */
export async function showListing(ctx: Ctx) {
  const parsed = ListingParamsSchema.safeParse(ctx.params);
  if (!parsed.success) throw listingNotFound();
  const { id } = parsed.data;
  const row = await findListing(ctx.knex, id);
  if (!row) throw listingNotFound();
  await countListingView(ctx.knex, id);
  ctx.body = presentListingDetail({ ...row, views: row.views + 1 });
}

/**
 * POST /api/public/leads → 201 `{ id, createdAt }`. The lead is kept for the property's owner and
 * the agency managing it; the owner (and the agency's administrators) get a 'new_lead'
 * notification. Audited with no user: a visitor wrote it. An address that already left
 * LEADS_PER_WINDOW leads in the window gets 429 and nothing is written (policies/leadThrottle).
 */
export async function createLead(ctx: Ctx, input: z.output<typeof PublicLeadCreateSchema>) {
  const lead = await recordLead(ctx.state.trx!, { ...input, ipAddress: storedAddress(clientAddress(ctx)) });
  ctx.status = 201;
  ctx.body = presentLeadReceipt(lead);
}

/** A width or height of the placeholder: an integer 1–2000, anything else 400. */
function dimension(value: string | undefined): number {
  if (!value || !/^\d{1,4}$/.test(value)) return 400;
  const n = Number(value);
  return n >= 1 && n <= 2000 ? n : 400;
}

/**
 * GET /api/placeholder/:w/:h → an SVG picture of a building, its colours derived from the size so
 * that photos of one gallery differ. Immutable: the same URL always draws the same image.
 */
export async function placeholder(ctx: Ctx) {
  const w = dimension(ctx.params.w);
  const h = dimension(ctx.params.h);
  const hue = (w * 7 + h * 13) % 360;
  const bw = Math.round(w * 0.36);
  const bh = Math.round(h * 0.55);
  const bx = Math.round((w - bw) / 2);
  const by = h - bh - Math.round(h * 0.12);
  const cols = 3;
  const rows = 4;
  const ww = Math.max(1, Math.round(bw / (cols * 2 + 1)));
  const wh = Math.max(1, Math.round(bh / (rows * 2 + 1)));
  const windows: string[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      windows.push(`<rect x="${bx + ww * (c * 2 + 1)}" y="${by + wh * (r * 2 + 1)}" width="${ww}" height="${wh}" fill="hsl(${hue},45%,88%)"/>`);
    }
  }
  ctx.type = 'image/svg+xml';
  ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
  ctx.body = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="Imagen de la propiedad">`,
    `<rect width="${w}" height="${h}" fill="hsl(${hue},55%,82%)"/>`,
    `<rect y="${h - Math.round(h * 0.12)}" width="${w}" height="${Math.round(h * 0.12)}" fill="hsl(${hue},30%,55%)"/>`,
    `<rect x="${bx}" y="${by}" width="${bw}" height="${bh}" fill="hsl(${hue},35%,42%)"/>`,
    ...windows,
    '</svg>',
  ].join('');
}

/**
 * GET /api/public/listing-photos/:photoId/:width → one kept size of a published listing's photo:
 * WebP to a browser that says it takes it, JPEG otherwise (Vary: Accept). A photo's files never
 * change (a new upload is a new id), so caches keep them for a year. A photo of a withdrawn
 * listing, an unknown id or a width not kept: 404.
 */
export async function listingPhoto(ctx: Ctx) {
  const parsed = ListingPhotoFileParamsSchema.safeParse(ctx.params);
  if (!parsed.success) throw notFound('La foto no está disponible');
  const { photoId, width } = parsed.data;
  const photo = await publishedListingPhoto(ctx.knex, photoId);
  if (!photo) throw notFound('La foto no está disponible');
  ctx.vary('Accept');
  const format = ctx.accepts('image/webp', 'image/jpeg') === 'image/webp' ? 'webp' : 'jpeg';
  await sendFile(ctx, {
    dir: listingPhotosDir(ctx.config),
    storedName: listingPhotoFile(photo.storageKey, width, format),
    mimeType: format === 'webp' ? 'image/webp' : 'image/jpeg',
    cacheControl: 'public, max-age=31536000, immutable',
    missing: 'La foto no está disponible',
  });
}

/** GET /api/public/site → `{demoAccounts}`: the landing shows its demo block only when they exist. */
export async function site(ctx: Ctx) {
  ctx.set('Cache-Control', 'public, max-age=60');
  ctx.body = { demoAccounts: ctx.config.demoMode };
}
