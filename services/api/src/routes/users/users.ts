import { IdSchema, UsersListQuerySchema, type UsersCreateSchema, type UsersPatchSchema, type UsersRoleSchema } from '@arrendia/api-contract';
import { z } from 'zod';
import { clientAddress } from '../../clientAddress';
import { requestPasswordReset } from '../../commands/passwordResetter';
import { resetTwoFactor as turnOffTwoFactor } from '../../commands/twoFactorSettings';
import { changeUserRole, createUser, setUserActive, updateUser } from '../../commands/userAdministrator';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import { listCsv } from '../../csv/listCsv';
import { USERS_SHEET } from '../../csv/sheets';
import { listPage, listSource, type ListFilters } from '../../pagination';
import { requestScope, type ListScope } from '../../listSources';
import { presentUserDetail, presentUserRow } from '../../presenters/userRow';
import { agencyOptions, loadUserRow, roleSummaries, userListQuery, usersStats, type UserRowRecord } from '../../queries/userRows';

const userIdOf = (ctx: Ctx) => parseInput(z.object({ id: IdSchema }), ctx.params).id;

/** The user as the edit form reads it, through the request's transaction when there is one. */
async function loadDetail(ctx: Ctx, id: number) {
  return presentUserDetail(await loadUserRow(ctx.state.trx ?? ctx.knex, id));
}

/** GET /api/users?q=&role=&status=&sort= → one page of users, newest first or by ?sort= (X-Total-Count). */
export async function list(ctx: Ctx) {
  const { page, pageSize, ...filters } = parseInput(UsersListQuerySchema, ctx.query);
  ctx.body = await listPage(ctx, usersOf(requestScope(ctx), filters), { page, pageSize });
}

/** The users under the list's filters, in its order (the list's pages and its CSV). */
function usersOf({ knex }: ListScope, filters: ListFilters<typeof UsersListQuerySchema>) {
  return listSource(userListQuery(knex, filters), (rows: UserRowRecord[]) => rows.map(presentUserRow));
}

/** GET /api/users.csv → the whole list under the same filters and order, as a CSV (csv/listCsv). */
export const exportCsv = listCsv(UsersListQuerySchema, USERS_SHEET, usersOf);

/** GET /api/users/stats → the four stat cards. */
export async function stats(ctx: Ctx) {
  ctx.body = await usersStats(ctx.knex);
}

/** GET /api/users/roles → 'Gestión de Roles'. */
export async function roles(ctx: Ctx) {
  ctx.body = await roleSummaries(ctx.knex);
}

/** GET /api/users/agencies → the agencies a user may belong to. */
export async function agencies(ctx: Ctx) {
  ctx.body = await agencyOptions(ctx.knex);
}

/** GET /api/users/:id → one user; 404 unknown. */
export async function show(ctx: Ctx) {
  ctx.body = await loadDetail(ctx, userIdOf(ctx));
}

/** POST /api/users → 201 with the user and, when no password was given, its one-time setup link. */
export async function create(ctx: Ctx, input: z.output<typeof UsersCreateSchema>) {
  // No transaction middleware: the command hashes the password first, then opens its own.
  const { id, setupLink } = await createUser(ctx.knex, currentUser(ctx), input, { publicUrl: ctx.config.publicUrl });
  ctx.status = 201;
  ctx.body = { ...(await loadDetail(ctx, id)), setupLink };
}

/** PATCH /api/users/:id → the user with its new data. */
export async function patch(ctx: Ctx, input: z.output<typeof UsersPatchSchema>) {
  const id = userIdOf(ctx);
  await updateUser(ctx.state.trx!, currentUser(ctx), id, input);
  ctx.body = await loadDetail(ctx, id);
}

/** POST /api/users/:id/activate|deactivate → the user; deactivation ends its sessions. */
export function setActive(isActive: boolean) {
  return async (ctx: Ctx) => {
    const id = userIdOf(ctx);
    await setUserActive(ctx.state.trx!, currentUser(ctx), id, isActive);
    ctx.body = await loadDetail(ctx, id);
  };
}

/** PATCH /api/users/:id/role → the user with its new role (and agency). */
export async function changeRole(ctx: Ctx, input: z.output<typeof UsersRoleSchema>) {
  const id = userIdOf(ctx);
  await changeUserRole(ctx.state.trx!, currentUser(ctx), id, input);
  ctx.body = await loadDetail(ctx, id);
}

/** POST /api/users/:id/password-reset → 201 { link, expiresAt }: the one-time link to hand over. */
export async function passwordReset(ctx: Ctx) {
  const user = await loadDetail(ctx, userIdOf(ctx));
  ctx.status = 201;
  ctx.body = await requestPasswordReset(ctx.state.trx!, currentUser(ctx).id, user, clientAddress(ctx));
}

/** POST /api/users/:id/two-factor/reset → the user, with two-factor authentication off (409 when it was not on). */
export async function resetTwoFactor(ctx: Ctx) {
  const { id } = await loadDetail(ctx, userIdOf(ctx));
  await turnOffTwoFactor(ctx.state.trx!, currentUser(ctx), id);
  ctx.body = await loadDetail(ctx, id);
}
