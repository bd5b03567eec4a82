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
import { array, boolean, coerce, email, enum as enumOf, literal, number, object, preprocess, record, string, union, unknown } from 'zod-implementation';

export const z = Object.freeze({ array, boolean, coerce, email, enum: enumOf, literal, number, object, preprocess, record, string, union, unknown });
export default z;
