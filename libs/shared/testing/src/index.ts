/** Test helpers for screens: render with the portals' providers and stub fetch. Tests only. */
export * from './fetch';
export * from './render';
export * from './toast';
