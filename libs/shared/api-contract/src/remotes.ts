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

/** A manifest URL is absolute http(s) or a path on this host. */
const manifestUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v.startsWith('/') || /^https?:\/\/[^\s]+$/.test(v), 'La dirección debe empezar por / o por http(s)://')
  .refine((v) => v.endsWith('.json'), 'La dirección debe apuntar al mf-manifest.json del remoto');

export const RemotesPatchSchema = z
  .object({
    enabled: z.boolean().optional(),
    manifestUrl: manifestUrl.optional(),
    version: z.string().trim().min(1).max(50).optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Indica al menos un cambio');
export type RemotesPatchInput = z.infer<typeof RemotesPatchSchema>;
