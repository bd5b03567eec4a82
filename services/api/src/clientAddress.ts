/** The width of every stored client address column (sessions, login_attempts, leads): an IPv6 text fits. */
export const CLIENT_ADDRESS_LENGTH = 45;

/** A client's address as the tables keep it. */
export const storedAddress = (ip: string): string => ip.slice(0, CLIENT_ADDRESS_LENGTH);
