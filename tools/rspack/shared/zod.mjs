/**
 * The one copy of zod the apps share, cut down to what they call at run time.
 *
 * A shared module is handed over whole, and zod's `z` is a namespace of everything zod has —
 * every locale, JSON Schema conversion — about 88 KB gzipped against 25 KB for what the schemas
 * use. This module is shared in zod's place (tools/rspack/federation.cjs) and builds `z` from
 * the factories the code calls. Types (`z.infer`, `z.ZodType` in a type) still come from zod
 * itself. A `z.<name>` read at run time that is missing here makes tools/rspack/federation.test.ts
 * fail with the name to add.
 */
import { NEVER, array, boolean, coerce, config, email, enum as enumOf, literal, null as nullOf, number, object, preprocess, record, string, union, unknown } from 'zod-implementation';

// The pages' Content-Security-Policy allows no eval (services/api securityHeaders.ts). zod compiles
// object parsers with `Function` when it may, and finds out by calling `Function('')` the first time
// an object is parsed: under the policy that is refused and reported as a violation (a Lighthouse
// best-practices issue on /alquiler and /property/:id). jitless parses the same, without trying.
config({ jitless: true });

export const z = Object.freeze({ NEVER, array, boolean, coerce, email, enum: enumOf, literal, null: nullOf, number, object, preprocess, record, string, union, unknown });
export default z;
