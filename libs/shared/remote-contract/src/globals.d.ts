/** Build identifier compiled into every app by tools/rspack/federation.cjs (ARRENDIA_BUILD_ID or 'local'). */
declare const __ARRENDIA_BUILD_ID__: string;
