// @koa/multer ships no types: the part of its API this route uses.
declare module '@koa/multer' {
  import type { Middleware } from 'koa';
  import type originalMulter from 'multer';

  interface KoaMulter {
    single(fieldName: string): Middleware;
  }
  function multer(options?: originalMulter.Options): KoaMulter;
  namespace multer {
    const memoryStorage: typeof originalMulter.memoryStorage;
  }
  export = multer;
}
