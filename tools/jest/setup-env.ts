// jsdom lacks TextEncoder/TextDecoder, which react-router 7 needs; node test files have them already.
import { TextDecoder, TextEncoder } from 'node:util';

if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder, TextDecoder });
