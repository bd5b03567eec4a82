/** The young generation's semi-space the server runs with, in MB. */
export declare const SEMI_SPACE_MB: number;
/** The Node.js options for the production server, before its script. */
export declare function serverNodeArgs(env?: NodeJS.ProcessEnv): string[];
