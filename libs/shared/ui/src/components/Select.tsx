import { RadixSelect } from '../radix';
import { type ReactNode } from 'react';
import styled from 'styled-components';
import { controlStyles } from './Field';
import { Icon } from './Icon';
import { floatingSurfaceStyles, menuItemStyles } from './menuStyles';

/** Thrown in development for an item whose value is ''. */
export const EMPTY_SELECT_VALUE_ERROR =
  'Select: an item has the empty string as its value. Radix uses "" to clear the selection and show the placeholder, ' +
  'so such an item can never be chosen (spec §5: select controls refuse it). Give it a real value, e.g. "todos", and map it yourself.';

/** Development builds (and tests) fail loudly; production drops the item and keeps the page working. */
const isProduction = () => process.env.NODE_ENV === 'production';

const Trigger = styled(RadixSelect.Trigger)<{ $invalid: boolean }>`
  ${controlStyles}
  display: inline-flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  text-align: left;
  cursor: pointer;
  &[data-placeholder] { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const SelectIcon = styled(RadixSelect.Icon)`
  display: inline-flex;
  flex-shrink: 0;
`;

const Content = styled(RadixSelect.Content)`
  ${floatingSurfaceStyles}
  min-width: var(--radix-select-trigger-width);
  max-height: min(320px, var(--radix-select-content-available-height));
  overflow: hidden;
`;

const Item = styled(RadixSelect.Item)`
  ${menuItemStyles}
  padding-right: ${({ theme }) => theme.space.xxl};
`;

const Indicator = styled(RadixSelect.ItemIndicator)`
  position: absolute;
  right: ${({ theme }) => theme.space.sm};
  display: inline-flex;
`;

const ScrollButton = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space.xxs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface SelectItemProps {
  /** Must not be ''. */
  value: string;
  children: ReactNode;
  disabled?: boolean;
}

/** One choice of a Select. Refuses an empty-string value (spec §5). */
export function SelectItem({ value, children, disabled }: SelectItemProps) {
  if (value === '') {
    if (!isProduction()) throw new Error(EMPTY_SELECT_VALUE_ERROR);
    return null;
  }
  return (
    <Item value={value} disabled={disabled}>
      <RadixSelect.ItemText>{children}</RadixSelect.ItemText>
      <Indicator>
        <Icon name="check" size={16} />
      </Indicator>
    </Item>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Shown while nothing is chosen. */
  placeholder?: string;
  /** The choices; or give SelectItem children. */
  options?: readonly SelectOption[];
  children?: ReactNode;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  id?: string;
  className?: string;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

/**
 * A select list on Radix Select: typeahead, arrow keys, Home/End, Escape; the trigger is a
 * combobox. Needs a name: a SelectField label, aria-label or aria-labelledby.
 */
export function Select({
  value,
  defaultValue,
  onValueChange,
  placeholder,
  options,
  children,
  name,
  required,
  disabled,
  id,
  className,
  open,
  onOpenChange,
  ...aria
}: SelectProps) {
  return (
    <RadixSelect.Root
      value={value}
      defaultValue={defaultValue}
      onValueChange={onValueChange}
      name={name}
      required={required}
      disabled={disabled}
      open={open}
      onOpenChange={onOpenChange}
    >
      <Trigger id={id} className={className} $invalid={Boolean(aria['aria-invalid'])} {...aria}>
        <RadixSelect.Value placeholder={placeholder} />
        <SelectIcon>
          <Icon name="chevronDown" size={16} />
        </SelectIcon>
      </Trigger>
      <RadixSelect.Portal>
        <Content position="popper" sideOffset={4}>
          <RadixSelect.ScrollUpButton asChild>
            <ScrollButton>
              <Icon name="chevronUp" size={16} />
            </ScrollButton>
          </RadixSelect.ScrollUpButton>
          <RadixSelect.Viewport>
            {options
              ? options.map((option) => (
                  <SelectItem key={option.value} value={option.value} disabled={option.disabled}>
                    {option.label}
                  </SelectItem>
                ))
              : children}
          </RadixSelect.Viewport>
          <RadixSelect.ScrollDownButton asChild>
            <ScrollButton>
              <Icon name="chevronDown" size={16} />
            </ScrollButton>
          </RadixSelect.ScrollDownButton>
        </Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
