import { serverMessage } from '@arrendia/api-client';
import { Form } from '@arrendia/ui';
import styled from 'styled-components';

/** The narrow ui Form of the pages a one-time link opens (invitation, password link). */
export const TokenForm = styled(Form)`
  max-width: 420px;
`;

/** The API's Spanish message of a failed call on a one-time link (unknown: 404; used or expired: 410), or `fallback`. */
export const messageOf = (error: unknown, fallback: string) => serverMessage(error) ?? fallback;
