/** Types of chromium.cjs (plain CommonJS so the Playwright config, scripts and benches share it). */
export interface Browser {
  executablePath: string;
  /** Variables the browser process needs (the packaged one's libraries and fonts). */
  env: Record<string, string>;
  source: string;
}
export interface Attempt {
  source: string;
  detail: string;
}
export declare class BrowserNotFoundError extends Error {
  tried: Attempt[];
  fix: string;
}
export declare const CHROMIUM_ARGS: string[];
export declare function resolveChromium(options?: {
  env?: NodeJS.ProcessEnv;
  systemPaths?: string[];
  playwrightPath?: () => string | null;
  packaged?: () => { browser: Browser } | { detail: string };
}): Browser;
export declare function packagedChromium(where?: { packageDir?: string | null; cacheRoot?: string }): { browser: Browser } | { detail: string };
export declare function probe(executablePath: string, env?: Record<string, string>): { ok: true } | { ok: false; detail: string };
export declare function untar(tar: Buffer, dest: string): void;
