export * from './MessagesScreen';
