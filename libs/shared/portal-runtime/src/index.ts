export * from './PortalRoutes';
export * from './mountStandalone';
export * from './lazyScreen';
