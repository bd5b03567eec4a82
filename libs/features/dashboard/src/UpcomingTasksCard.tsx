import type { CurrentUser, TaskKind } from '@arrendia/api-contract';
import { formatDate } from '@arrendia/locale-es';
import { Badge, CardDescription, CardList, CardTitle, ListState, MutedText, Skeleton, StatusBadge } from '@arrendia/ui';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useTasks } from './useDashboard';
import { DashboardSection } from './parts';

const Item = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  padding-bottom: ${({ theme }) => theme.space.sm};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  align-items: center;
`;

export const TASK_LABELS: Readonly<Record<TaskKind, string>> = {
  contract_end: 'Fin de contrato',
  renewal_notice: 'Preaviso de renovación',
  incident: 'Incidencia',
};

/** Upcoming tasks: contract ends, renewal notices and open incidents, by date (issue 6). */
export function UpcomingTasksCard(_props: { user: CurrentUser | null }) {
  const tasks = useTasks();
  return (
    <DashboardSection as="section" aria-labelledby="dashboard-tasks">
      <CardTitle as="h2" id="dashboard-tasks">
        Próximas Tareas
      </CardTitle>
      <ListState
        read={tasks}
        variant="inline"
        loading="Cargando tareas"
        skeleton={(busy) => (
          <CardList {...busy}>
            {[0, 1, 2].map((i) => (
              <Item key={i}>
                <Skeleton width="70%" />
              </Item>
            ))}
          </CardList>
        )}
        error="No se pudieron cargar las tareas"
        empty={tasks.data?.length === 0}
        whenEmpty={<CardDescription>No hay tareas pendientes</CardDescription>}
      >
        {(data) => (
          <CardList>
            {data.map((task) => (
              <Item key={task.id}>
                <Row>
                  <Badge $tone={task.kind === 'incident' ? 'red' : task.kind === 'renewal_notice' ? 'yellow' : 'blue'}>{TASK_LABELS[task.kind]}</Badge>
                  {task.priority && <StatusBadge kind="priority" value={task.priority} />}
                  <MutedText>{formatDate(task.date)}</MutedText>
                </Row>
                <Link to={task.link}>{task.title}</Link>
                <MutedText>{task.description}</MutedText>
              </Item>
            ))}
          </CardList>
        )}
      </ListState>
    </DashboardSection>
  );
}
