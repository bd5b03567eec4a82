// Each API suite boots its own database and app: on a loaded 2-core machine that alone can pass
// jest's 5 s default (`testTimeout` is a global option, so a project sets it here).
jest.setTimeout(30_000);
