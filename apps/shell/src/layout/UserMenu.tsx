import type { CurrentUser } from '@arrendia/api-contract';
import { canAccessRoute, LOGOUT_LABEL, SETTINGS_LABEL } from '@arrendia/permissions';
import { Avatar, DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger, Icon, initialsOf, VisuallyHidden } from '@arrendia/ui';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { displayName } from './displayName';
import { LogoutDialog } from './LogoutDialog';

const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  flex-shrink: 0;
  padding: 2px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.full};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  &:hover, &[data-state='open'] { background: ${({ theme }) => theme.colors.surfaceMuted}; }
`;

const Who = styled(DropdownMenuLabel)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  max-width: 280px;
`;

const WhoName = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.text};
`;

const WhoEmail = styled.span`
  font-weight: ${({ theme }) => theme.fontWeights.regular};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

/**
 * The avatar at the end of the header: a menu with the user's name and email, 'Configuración' and
 * 'Cerrar Sesión' (which asks first, like the sidebar's).
 */
export function UserMenu({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const [logoutOpen, setLogoutOpen] = useState(false);
  // The confirmation opens once the menu has closed and given focus back to its trigger, so the
  // dialog returns focus there too (opening both at once leaves focus, and pointer events, stranded).
  const logoutRequested = useRef(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const name = displayName(user);

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          {/* Named by its content, not aria-label: the initials it shows are decorative, and an
              aria-label without the visible text fails label-content-name-mismatch (WCAG 2.5.3). */}
          <Trigger ref={triggerRef} type="button">
            <VisuallyHidden>{`Menú de usuario: ${name}`}</VisuallyHidden>
            <Avatar src={user.profileImageUrl} alt="" initials={initialsOf(user.firstName, user.lastName)} size={32} />
            <Icon name="chevronDown" size={16} />
          </Trigger>
        </DropdownMenuTrigger>
        <DropdownMenuContent
          aria-label="Menú de usuario"
          aria-labelledby={undefined}
          onCloseAutoFocus={() => {
            if (logoutRequested.current) {
              logoutRequested.current = false;
              setLogoutOpen(true);
            }
          }}
        >
          <Who>
            <WhoName>{name}</WhoName>
            <WhoEmail>{user.email}</WhoEmail>
          </Who>
          <DropdownMenuSeparator />
          {canAccessRoute(user.role?.roleName, '/settings') && (
            <DropdownMenuItem onSelect={() => navigate('/settings')}>
              <Icon name="settings" size={16} />
              {SETTINGS_LABEL}
            </DropdownMenuItem>
          )}
          <DropdownMenuItem
            onSelect={() => {
              logoutRequested.current = true;
            }}
          >
            <Icon name="logout" size={16} />
            {LOGOUT_LABEL}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <LogoutDialog
        open={logoutOpen}
        onOpenChange={setLogoutOpen}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          triggerRef.current?.focus();
        }}
      />
    </>
  );
}
