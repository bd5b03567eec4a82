import { RadixAvatar } from '../radix';
import styled from 'styled-components';

const Root = styled(RadixAvatar.Root)<{ $size: number }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex-shrink: 0;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: ${({ theme }) => theme.radii.full};
  overflow: hidden;
  background: ${({ theme }) => theme.colors.accentSoft};
  color: ${({ theme }) => theme.colors.accentSoftText};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  font-size: ${({ $size }) => Math.round($size * 0.38)}px;
  user-select: none;
`;

const Image = styled(RadixAvatar.Image)`
  width: 100%;
  height: 100%;
  object-fit: cover;
`;

/** Up to two initials from a first and last name ('Ana', 'López Ruiz' → 'AL'); 'U' when both are empty. */
export function initialsOf(firstName?: string | null, lastName?: string | null): string {
  const letters = [firstName, lastName].map((part) => part?.trim().charAt(0) ?? '').join('');
  return (letters || 'U').toLocaleUpperCase('es-ES');
}

export interface AvatarProps {
  /** Profile image; the initials show while it loads or when it fails. */
  src?: string | null;
  /** Alternative text of the picture: the person's name, or '' when the name is written next to it. */
  alt: string;
  initials: string;
  size?: number;
}

/**
 * A person's picture with initials as the fallback. The initials are decorative (aria-hidden): the
 * name is always written next to the avatar.
 */
export function Avatar({ src, alt, initials, size = 40 }: AvatarProps) {
  return (
    <Root $size={size}>
      {src && <Image src={src} alt={alt} />}
      <RadixAvatar.Fallback aria-hidden="true">{initials}</RadixAvatar.Fallback>
    </Root>
  );
}
