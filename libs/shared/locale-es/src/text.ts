/**
 * The Unicode controls that change the direction text is drawn in: embeddings and overrides
 * (U+202A–U+202E), isolates (U+2066–U+2069) and the marks LRM, RLM and ALM (U+200E, U+200F,
 * U+061C). None is visible; inside a name another user reads they can reorder what is shown
 * ("factura\u202Efdp.exe" reads as "facturaexe.pdf"), so Arrendia never keeps them.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/** `text` without bidirectional control characters ('factura\u202Efdp.exe' → 'facturafdp.exe'). */
export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}
