import { SEARCH_MIN_LENGTH, searchTerm, useSearch } from '@arrendia/api-client';
import { Icon, Skeleton, useDebouncedValue, VisuallyHidden } from '@arrendia/ui';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { groupSearchResults, type SearchOption } from './searchResults';

/** Spec §2, word for word. */
export const SEARCH_PLACEHOLDER = 'Buscar propiedades, inquilinos...';
/** The input waits this long after the last keystroke before asking the API. */
export const SEARCH_DEBOUNCE_MS = 250;
export const NO_RESULTS_TEXT = 'Sin resultados';

const Wrapper = styled.div`
  position: relative;
  flex: 1 1 280px;
  min-width: 180px;
  max-width: 360px;
`;

const InputIcon = styled.span`
  position: absolute;
  left: ${({ theme }) => theme.space.md};
  top: 50%;
  transform: translateY(-50%);
  display: inline-flex;
  color: ${({ theme }) => theme.colors.textMuted};
  pointer-events: none;
`;

const Input = styled.input`
  width: 100%;
  min-height: 40px;
  padding: 0 ${({ theme }) => theme.space.md} 0 40px;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  &::placeholder { color: ${({ theme }) => theme.colors.textMuted}; }
  &::-webkit-search-cancel-button { cursor: pointer; }
`;

const Popup = styled.div`
  position: absolute;
  top: calc(100% + 6px);
  left: 0;
  right: 0;
  min-width: 280px;
  max-height: min(420px, 70vh);
  overflow-y: auto;
  z-index: ${({ theme }) => theme.zIndices.modal};
  padding: ${({ theme }) => theme.space.xs};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.lg};
`;

const Group = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  & + & {
    margin-top: ${({ theme }) => theme.space.xs};
    padding-top: ${({ theme }) => theme.space.xs};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const GroupHeading = styled.li`
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Option = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.sm};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.surfaceMuted}; }
  &[aria-selected='true'] {
    background: ${({ theme }) => theme.colors.accentSoft};
    color: ${({ theme }) => theme.colors.accentSoftText};
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: -2px;
  }
`;

const OptionLabel = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

const OptionDetail = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  opacity: 0.85;
`;

const Message = styled.p`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Loading = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
`;

/**
 * The header's search box (ARIA combobox with a grouped listbox): it asks GET /api/search 250 ms
 * after the last keystroke once there are 2 characters; arrow keys move through the results,
 * Enter opens one, Escape closes the list (a second Escape clears the box).
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const baseId = useId();
  const listboxId = `${baseId}-listbox`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const term = searchTerm(debounced);
  const enough = term.length >= SEARCH_MIN_LENGTH && searchTerm(text).length >= SEARCH_MIN_LENGTH;
  const { data, isError, isPlaceholderData } = useSearch(debounced);

  const groups = useMemo(() => (data ? groupSearchResults(data, baseId) : []), [data, baseId]);
  const options = useMemo(() => groups.flatMap((g) => g.options), [groups]);
  const popupShown = open && enough;
  const listShown = popupShown && options.length > 0;
  const activeOption = listShown && active >= 0 ? options[active] : undefined;

  // New results: nothing is highlighted until the user moves.
  useEffect(() => setActive(-1), [data]);

  useEffect(() => {
    if (activeOption) document.getElementById(activeOption.id)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeOption]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const openOption = (option: SearchOption) => {
    close();
    setText('');
    navigate(option.to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else if (options.length) setActive((i) => (i + 1) % options.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        else if (options.length) setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
        break;
      case 'Enter':
        if (activeOption) {
          event.preventDefault();
          openOption(activeOption);
        }
        break;
      case 'Escape':
        if (popupShown) {
          event.preventDefault();
          close();
        } else if (text) {
          event.preventDefault();
          setText('');
        }
        break;
    }
  };

  let status: string;
  if (isError) status = 'No se ha podido buscar. Inténtalo de nuevo.';
  else if (!data || isPlaceholderData) status = 'Buscando...';
  else if (options.length === 0) status = NO_RESULTS_TEXT;
  else status = `${options.length} ${options.length === 1 ? 'resultado' : 'resultados'}`;
  const loading = !isError && !data;

  return (
    <Wrapper
      ref={wrapperRef}
      role="search"
      onBlur={(event) => {
        if (!wrapperRef.current?.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <InputIcon>
        <Icon name="search" size={18} />
      </InputIcon>
      <Input
        type="search"
        role="combobox"
        aria-label="Buscar propiedades, inquilinos y contratos"
        placeholder={SEARCH_PLACEHOLDER}
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={listShown}
        aria-controls={listShown ? listboxId : undefined}
        aria-activedescendant={activeOption?.id}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {popupShown && (
        <Popup aria-busy={loading || undefined}>
          {/* Read politely: the number of results, 'Sin resultados' or the failure. */}
          {status === NO_RESULTS_TEXT || isError ? (
            <Message role="status">{status}</Message>
          ) : (
            <VisuallyHidden role="status">{status}</VisuallyHidden>
          )}
          {loading && (
            <Loading aria-hidden="true">
              <Skeleton height="1rem" width="60%" />
              <Skeleton height="0.75rem" width="40%" />
              <Skeleton height="1rem" width="70%" />
            </Loading>
          )}
          {listShown && (
            <div role="listbox" id={listboxId} aria-label="Resultados de la búsqueda">
              {groups.map((group) => (
                <Group key={group.key} role="group" aria-labelledby={`${baseId}-${group.key}`}>
                  <GroupHeading role="presentation" id={`${baseId}-${group.key}`}>
                    {group.heading}
                  </GroupHeading>
                  {group.options.map((option) => (
                    <Option
                      key={option.id}
                      id={option.id}
                      role="option"
                      aria-selected={option === activeOption}
                      // Keep focus in the input: the list is driven from it.
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => openOption(option)}
                    >
                      <OptionLabel>{option.label}</OptionLabel>
                      {/* Read as "label, detail" rather than the two run together. */}
                      {option.detail && <VisuallyHidden>, </VisuallyHidden>}
                      {option.detail && <OptionDetail>{option.detail}</OptionDetail>}
                    </Option>
                  ))}
                </Group>
              ))}
            </div>
          )}
        </Popup>
      )}
    </Wrapper>
  );
}
