import { z } from 'zod';

const email = z.string().trim().toLowerCase().email('Introduce un correo electrónico válido').max(255);

export const AuthLoginSchema = z.object({
  email,
  password: z.string().min(1, 'La contraseña es obligatoria').max(200),
});
export type AuthLoginInput = z.infer<typeof AuthLoginSchema>;

export const AuthRegisterSchema = z.object({
  email,
  password: z.string().min(8, 'La contraseña debe tener al menos 8 caracteres').max(200),
  firstName: z.string().trim().min(1, 'El nombre es obligatorio').max(100),
  lastName: z.string().trim().min(1, 'Los apellidos son obligatorios').max(100),
});
export type AuthRegisterInput = z.infer<typeof AuthRegisterSchema>;

/** The signed-in user as `GET /api/auth/user` answers it (spec §3, "Current user"). */
export const CurrentUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  telefono: z.string().nullable(),
  nifCif: z.string().nullable(),
  direccionFiscal: z.string().nullable(),
  ibanBancaria: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  agencyId: z.number().int().nullable(),
  role: z.object({ roleId: z.number().int(), roleName: z.string() }).nullable(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;
