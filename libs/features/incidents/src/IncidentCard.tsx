import type { IncidentListItem } from '@arrendia/api-contract';
import { formatDateTime, formatEuros, personName } from '@arrendia/locale-es';
import { Badge, Button, Card, FactList, Icon, StatusBadge } from '@arrendia/ui';
import styled from 'styled-components';
import { STATUS_ICONS, shortId } from './statusMoves';
import { UpdateStatusMenu } from './UpdateStatusMenu';

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;
const TitleRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;
const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;
const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

export const reporterName = (reporter: IncidentListItem['reporter']) =>
  personName(reporter);

export interface IncidentCardProps {
  item: IncidentListItem;
  canManage: boolean;
  onOpen: (id: number) => void;
}

/** One incident of the list (spec §2): badges, status icon, facts, shortened id and the actions. */
export function IncidentCard({ item, canManage, onOpen }: IncidentCardProps) {
  const { incident, unit, property, reporter } = item;
  return (
    <Card as="article" aria-labelledby={`incident-${incident.id}-title`} data-testid="incident-card">
      <Head>
        <TitleRow>
          <Icon name={STATUS_ICONS[incident.status] ?? 'alert'} label={`Estado: ${incident.status}`} />
          <Title id={`incident-${incident.id}-title`}>{incident.title}</Title>
        </TitleRow>
        <Row>
          <StatusBadge kind="incident" value={incident.status} />
          <StatusBadge kind="priority" value={incident.priority} />
        </Row>
      </Head>
      <Muted>
        {unit.unitName} · {property.propertyName}
      </Muted>
      <p>{incident.description}</p>
      <FactList $layout="tiles">
        <div>
          <dt>Reportada</dt>
          <dd>{formatDateTime(incident.createdAt)}</dd>
        </div>
        <div>
          <dt>Reportada por</dt>
          <dd>{reporterName(reporter)}</dd>
        </div>
        <div>
          <dt>Categoría</dt>
          <dd>
            <Badge $variant="accent">{incident.incidentCategory}</Badge>
          </dd>
        </div>
        <div>
          <dt>Coste estimado</dt>
          <dd>{incident.costEstimate === null ? 'Sin estimar' : formatEuros(incident.costEstimate)}</dd>
        </div>
        <div>
          <dt>ID</dt>
          <dd>
            <code>#{shortId(incident.id)}</code>
          </dd>
        </div>
      </FactList>
      <Row>
        <Button variant="outline" size="sm" onClick={() => onOpen(incident.id)} aria-label={`Ver Detalles de ${incident.title}`}>
          Ver Detalles
        </Button>
        {canManage && <UpdateStatusMenu incidentId={incident.id} status={incident.status} />}
      </Row>
    </Card>
  );
}
