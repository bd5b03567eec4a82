import {
  TenantsListQuerySchema,
  type TenantInvitationAcceptSchema,
  type TenantInvitationsCreateSchema,
  type TenantRow,
  type TenantStatus,
} from '@arrendia/api-contract';
import type { z } from 'zod';
import { acceptInvitation, invitationLink, inviteTenant, loadInvitation } from '../../commands/tenantInviter';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { startSession } from '../../middlewares/session';
import { parseInput } from '../../middlewares/validate';
import { User } from '../../models/User';
import { paginate } from '../../pagination';
import { hashPassword } from '../../passwords';
import { scopeContracts } from '../../policies/scope';
import { presentCurrentUser } from '../../presenters/user';
import { whereContains } from '../../queries/textSearch';
import { isoDay } from '../../presenters/dates';

const STATUS_OF: Record<string, TenantStatus> = { Activo: 'Activo', Pendiente: 'Pendiente', Finalizado: 'Inactivo' };

/** GET /api/tenants → one row per tenant and contract the user may see, current contracts first, paged; ?q=. */
export async function list(ctx: Ctx) {
  const { q, ...page } = parseInput(TenantsListQuerySchema, ctx.query);
  const db = ctx.knex;
  const query = scopeContracts(
    db,
    db('tenants_contracts')
      .join('users', 'users.id', 'tenants_contracts.tenantUserId')
      .join('contracts', 'contracts.id', 'tenants_contracts.contractId')
      .join('rentable_units', 'rentable_units.id', 'contracts.rentableUnitId')
      .join('main_properties', 'main_properties.id', 'rentable_units.mainPropertyId')
      .select(
        'users.id as tenantId',
        'users.firstName',
        'users.lastName',
        'users.email',
        'users.telefono',
        'contracts.id as contractId',
        'contracts.contractCode',
        'contracts.status',
        'contracts.rentAmount',
        'contracts.startDate',
        'rentable_units.id as unitId',
        'rentable_units.unitName',
        'main_properties.id as propertyId',
        'main_properties.propertyName',
      ),
    currentUser(ctx),
  );
  if (q) whereContains(query, db, ['users.firstName', 'users.lastName', 'users.email', 'main_properties.propertyName'], q);
  query.orderByRaw(`case contracts.status when 'Activo' then 0 when 'Pendiente' then 1 else 2 end, users."lastName", users."firstName", contracts.id`);
  const rows: Record<string, never>[] = await paginate(ctx, query, page);
  ctx.body = rows.map(
    (r): TenantRow => ({
      tenant: { id: r.tenantId, firstName: r.firstName, lastName: r.lastName, email: r.email, telefono: r.telefono },
      contract: { id: r.contractId, contractCode: r.contractCode, status: r.status, rentAmount: r.rentAmount, startDate: isoDay(r.startDate) },
      unit: { id: r.unitId, unitName: r.unitName },
      property: { id: r.propertyId, propertyName: r.propertyName },
      status: STATUS_OF[r.status] ?? 'Inactivo',
    }),
  );
}

/** POST /api/tenant-invitations → 201 with the one-time link to hand to the invitee. */
export async function invite(ctx: Ctx, input: z.output<typeof TenantInvitationsCreateSchema>) {
  const { id, token, expiresAt } = await inviteTenant(ctx.state.trx!, currentUser(ctx), input);
  ctx.status = 201;
  ctx.body = { id, email: input.email, contractId: input.contractId, expiresAt: expiresAt.toISOString(), link: invitationLink(token) };
}

/** GET /api/tenant-invitations/:token → what the invitee's page shows; 404 unknown, 410 used or expired. */
export async function preview(ctx: Ctx) {
  const invitation = await loadInvitation(ctx.knex, String(ctx.params.token));
  const account = await User.query(ctx.knex).findOne({ email: invitation.email });
  ctx.set('Cache-Control', 'no-store');
  ctx.body = { email: invitation.email, propertyName: invitation.propertyName, unitName: invitation.unitName, expiresAt: new Date(invitation.expiresAt).toISOString(), accountExists: Boolean(account) };
}

/** POST /api/tenant-invitations/:token/accept → 200 with the tenant, signed in (a new session id). */
export async function accept(ctx: Ctx, input: z.output<typeof TenantInvitationAcceptSchema>) {
  // Hashed before the transaction opens: argon2 is slow on purpose, and PGlite has one connection.
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  // Signed in or not: an existing account accepts with its own session, a new one without.
  const sessionUserId = ctx.session?.userId;
  const sessionUser = sessionUserId ? ((await User.query(ctx.knex).findById(sessionUserId).where('isActive', true)) ?? null) : null;
  const tenant = await ctx.knex.transaction((trx) => acceptInvitation(trx, String(ctx.params.token), { firstName: input.firstName, lastName: input.lastName, passwordHash }, sessionUser));
  await startSession(ctx, tenant.id);
  ctx.body = presentCurrentUser(tenant);
}
