import { readErrorBody } from '@arrendia/api-client';
import styled from 'styled-components';

/** The narrow form of the pages a one-time link opens (invitation, password link). */
export const TokenForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  max-width: 420px;
`;

/** The API's Spanish message of a failed call on a one-time link (unknown: 404; used or expired: 410), or `fallback`. */
export const messageOf = (error: unknown, fallback: string) => readErrorBody(error)?.message ?? fallback;
