// Issue 13: filled in by its screen's work.
export {};
