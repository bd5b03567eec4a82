export * from './roles';
export * from './routes';
export * from './menus';
export * from './actions';
export * from './notificationTarget';
