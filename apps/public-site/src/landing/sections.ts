import styled from 'styled-components';

/** Shared spacing of landing-page sections. */
export const Section = styled.section`
  padding: ${({ theme }) => theme.space.xxxl} 0;
  scroll-margin-top: 72px;
`;

export const SectionTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  margin-bottom: ${({ theme }) => theme.space.sm};
`;

export const SectionIntro = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  max-width: 640px;
  margin-bottom: ${({ theme }) => theme.space.xl};
`;

export const Grid = styled.div<{ $min?: string }>`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(${({ $min = '240px' }) => $min}, 1fr));
  gap: ${({ theme }) => theme.space.lg};
`;
