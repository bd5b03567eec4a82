/** Every demo account's address ends so (demo.ts, demoPeople.ts); their password is public on the landing page. */
export const DEMO_EMAIL_DOMAIN = '@demo.arrendia.es';
