/**
 * Spanish law the product applies, one module per rule, each with its legal reference: what a
 * landlord may and may not do, computed the same way by the API and the screens.
 */
export * from './rentUpdate';
