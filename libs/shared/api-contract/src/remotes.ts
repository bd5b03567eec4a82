import { z } from 'zod';

/** One entry of the run-time remote registry. */
export const RemoteDescriptorSchema = z.object({
  name: z.string(),
  roles: z.array(z.string()),
  manifestUrl: z.string(),
  enabled: z.boolean(),
  version: z.string(),
  updatedAt: z.string(),
});
export type RemoteDescriptor = z.infer<typeof RemoteDescriptorSchema>;

/** The last time the server fetched a remote's manifest; all null until it has once. */
export const RemoteHealthSchema = z.object({
  ok: z.boolean().nullable(),
  latencyMs: z.number().int().nullable(),
  /** Why the check failed, in Spanish; null when it passed. */
  error: z.string().nullable(),
  checkedAt: z.string().nullable(),
});
export type RemoteHealth = z.infer<typeof RemoteHealthSchema>;

/** A remote as the super admin's registry screen reads it (GET /api/admin/remotes): the descriptor and its health. */
export const RemoteAdminSchema = RemoteDescriptorSchema.extend({ health: RemoteHealthSchema });
export type RemoteAdmin = z.infer<typeof RemoteAdminSchema>;

/** The file every remote's address must name (Module Federation's manifest). */
export const MANIFEST_SUFFIX = '/mf-manifest.json';

/** A path on this host: one leading slash (two would name another host), no spaces or backslashes. */
const SAME_ORIGIN_PATH = /^\/(?![/\\])[^\s\\]*$/;

/**
 * The path a manifest address points to (the whole address for a path on this host), or null when
 * it is neither an http(s) URL nor a path on this host.
 */
function manifestPath(value: string): string | null {
  if (value.startsWith('/')) return SAME_ORIGIN_PATH.test(value) ? value : null;
  if (!/^https?:\/\/[^\s]+$/i.test(value)) return null;
  try {
    const url = new URL(value);
    // Credentials in the address would end up in every visitor's browser.
    if (!url.hostname || url.username || url.password) return null;
    return url.pathname;
  } catch {
    return null;
  }
}

/** A manifest URL is absolute http(s), or a path on this host, and ends in /mf-manifest.json. */
const manifestUrl = z
  .string({ error: 'Indica la dirección del manifiesto' })
  .trim()
  .max(500, 'Máximo 500 caracteres')
  .refine((v) => manifestPath(v) !== null, 'La dirección debe ser una URL http(s):// o una ruta de este servidor que empiece por /')
  .refine((v) => manifestPath(v)?.endsWith(MANIFEST_SUFFIX) ?? true, `La dirección debe terminar en ${MANIFEST_SUFFIX}`);

/** A remote's version label: '2', '1.4.0', '2026.11.26+build_7'. */
const version = z
  .string({ error: 'Indica la versión' })
  .trim()
  .min(1, 'Indica la versión')
  .max(50, 'Máximo 50 caracteres')
  .regex(/^[0-9A-Za-z.+_-]*$/, 'La versión solo admite letras sin acentos, números y los signos . + _ -');

export const RemotesPatchSchema = z
  .object({
    enabled: z.boolean({ error: 'Indica si el módulo está activo' }).optional(),
    manifestUrl: manifestUrl.optional(),
    version: version.optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Indica al menos un cambio');
export type RemotesPatchInput = z.infer<typeof RemotesPatchSchema>;
export type RemotesPatchData = z.output<typeof RemotesPatchSchema>;
