import { notificationTarget } from '@arrendia/permissions';
import type { Notification } from '@arrendia/api-contract';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from '@arrendia/api-client';
import { formatDateTime } from '@arrendia/locale-es';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  Icon,
  RETRY_LABEL,
  RETRYING_LABEL,
  Skeleton,
  VisuallyHidden,
} from '@arrendia/ui';
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { IconButton } from './IconButton';

/** Spec §8, word for word. */
export const NO_NEW_NOTIFICATIONS = 'No hay notificaciones nuevas';
export const MARK_ALL_READ_LABEL = 'Marcar todas como leídas';

const BellButton = styled(IconButton)`
  position: relative;
`;

const Count = styled.span`
  position: absolute;
  top: -6px;
  right: -6px;
  min-width: 20px;
  height: 20px;
  padding: 0 ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radii.full};
  border: 2px solid ${({ theme }) => theme.colors.surface};
  background: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.onDanger};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  line-height: 16px;
  text-align: center;
`;

const Content = styled(DropdownMenuContent)`
  width: min(360px, calc(100vw - 16px));
`;

const Heading = styled(DropdownMenuLabel)`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.text};
`;

const Empty = styled.div`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Item = styled(DropdownMenuItem)<{ $unread: boolean }>`
  align-items: flex-start;
  padding-top: ${({ theme }) => theme.space.sm};
  padding-bottom: ${({ theme }) => theme.space.sm};
  font-weight: ${({ theme, $unread }) => ($unread ? theme.fontWeights.semibold : theme.fontWeights.regular)};
`;

const Dot = styled.span<{ $unread: boolean }>`
  flex-shrink: 0;
  width: 8px;
  height: 8px;
  margin-top: 6px;
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme, $unread }) => ($unread ? theme.colors.primaryText : 'transparent')};
`;

const Text = styled.span`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  min-width: 0;
`;

const Message = styled.span`
  font-weight: ${({ theme }) => theme.fontWeights.regular};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

const When = styled.span`
  font-weight: ${({ theme }) => theme.fontWeights.regular};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  opacity: 0.85;
`;

const Loading = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
`;

function NotificationRow({ notification, onOpen }: { notification: Notification; onOpen: (n: Notification) => void }) {
  const unread = !notification.isRead;
  return (
    <Item $unread={unread} onSelect={() => onOpen(notification)}>
      <Dot $unread={unread} aria-hidden="true" />
      <Text>
        <span>
          {unread && <VisuallyHidden>Sin leer: </VisuallyHidden>}
          {notification.title}
        </span>
        <Message>{notification.message}</Message>
        <When>{formatDateTime(notification.createdAt)}</When>
      </Text>
    </Item>
  );
}

/**
 * The bell (spec §2, §9): the unread count on it, a dropdown with the 5 newest notifications
 * (refreshed each time it opens), 'No hay notificaciones nuevas' when none is unread. Opening one
 * marks it read and goes to what it is about; 'Marcar todas como leídas' reads them all.
 */
export function NotificationsMenu({ roleName }: { roleName: string | null }) {
  const navigate = useNavigate();
  const headingId = useId();
  const failedId = useId();
  const { data, isPending, isError, isFetching, refetch } = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const unread = data?.unreadCount ?? 0;

  const open = (notification: Notification) => {
    if (!notification.isRead) markRead.mutate(notification.id);
    const target = notificationTarget(notification, roleName);
    if (target) navigate(target);
  };

  return (
    <DropdownMenu
      onOpenChange={(isOpen) => {
        if (isOpen) void refetch();
      }}
    >
      <DropdownMenuTrigger asChild>
        <BellButton type="button" aria-label={unread > 0 ? `Notificaciones: ${unread} sin leer` : 'Notificaciones'}>
          <Icon name="bell" />
          {unread > 0 && <Count aria-hidden="true">{unread > 99 ? '99+' : unread}</Count>}
        </BellButton>
      </DropdownMenuTrigger>
      {/* Named by its heading, not by the trigger (whose name carries the count). */}
      <Content aria-labelledby={headingId}>
        <Heading id={headingId}>Notificaciones</Heading>
        {isPending ? (
          <Loading aria-busy="true">
            <VisuallyHidden>Cargando notificaciones...</VisuallyHidden>
            <Skeleton height="1rem" width="70%" />
            <Skeleton height="0.75rem" width="90%" />
            <Skeleton height="1rem" width="60%" />
          </Loading>
        ) : isError && !data ? (
          <>
            {/* Not an alert nor LoadError's button: a menu may hold only items (and inside it only
                items take the keyboard's focus). The item reads the failure as its description. */}
            <Empty id={failedId}>No se han podido cargar las notificaciones.</Empty>
            <DropdownMenuItem
              aria-describedby={failedId}
              disabled={isFetching}
              onSelect={(event) => {
                event.preventDefault(); // stay open: the list takes the message's place
                void refetch();
              }}
            >
              {isFetching ? RETRYING_LABEL : RETRY_LABEL}
            </DropdownMenuItem>
          </>
        ) : (
          <>
            {unread === 0 && <Empty>{NO_NEW_NOTIFICATIONS}</Empty>}
            {data.notifications.map((notification) => (
              <NotificationRow key={notification.id} notification={notification} onOpen={open} />
            ))}
            <DropdownMenuSeparator />
            <DropdownMenuItem
              disabled={unread === 0}
              onSelect={(event) => {
                event.preventDefault(); // stay open: the list shows them read
                markAll.mutate();
              }}
            >
              <Icon name="check" size={16} />
              {MARK_ALL_READ_LABEL}
            </DropdownMenuItem>
          </>
        )}
      </Content>
    </DropdownMenu>
  );
}
