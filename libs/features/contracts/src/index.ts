export * from './placeholders';
