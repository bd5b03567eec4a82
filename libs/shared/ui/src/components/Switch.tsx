import * as Label from '@radix-ui/react-label';
import { RadixSwitch } from '../radix';
import { useId } from 'react';
import styled from 'styled-components';

const Row = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.lg};
`;

const Text = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
`;

const StyledLabel = styled(Label.Root)`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  cursor: pointer;
`;

const Description = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Root = styled(RadixSwitch.Root)`
  position: relative;
  flex-shrink: 0;
  width: 44px;
  height: 24px;
  padding: 0;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  cursor: pointer;
  transition: background-color ${({ theme }) => theme.durations.fast};
  &[data-state='checked'] {
    background: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
  }
  &:disabled { opacity: 0.6; cursor: not-allowed; }
`;

const Thumb = styled(RadixSwitch.Thumb)`
  display: block;
  width: 18px;
  height: 18px;
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.borderStrong};
  transform: translateX(2px);
  transition: transform ${({ theme }) => theme.durations.fast};
  &[data-state='checked'] {
    background: ${({ theme }) => theme.colors.onPrimary};
    transform: translateX(22px);
  }
`;

export interface SwitchProps {
  /** Visible label; names the switch. */
  label: string;
  /** A line under the label, read as the switch's description. */
  description?: string;
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  disabled?: boolean;
  name?: string;
  id?: string;
  className?: string;
}

/** An on/off setting with its label (role switch: Space toggles it, the label is clickable). */
export function Switch({ label, description, id, className, ...props }: SwitchProps) {
  const autoId = useId();
  const switchId = id ?? autoId;
  const descriptionId = `${switchId}-description`;
  return (
    <Row className={className}>
      <Text>
        <StyledLabel htmlFor={switchId}>{label}</StyledLabel>
        {description && <Description id={descriptionId}>{description}</Description>}
      </Text>
      <Root id={switchId} aria-describedby={description ? descriptionId : undefined} {...props}>
        <Thumb />
      </Root>
    </Row>
  );
}
