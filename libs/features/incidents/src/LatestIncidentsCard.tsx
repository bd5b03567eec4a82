import { formatDate } from '@arrendia/locale-es';
import { NEW_INCIDENT_PATH } from '@arrendia/permissions';
import { ButtonLink, Card, CardDescription, CardList, CardTitle, LoadError, Skeleton, SpreadRow, StatusBadge } from '@arrendia/ui';
import { Link } from 'react-router-dom';
import { useLatestIncidents } from './useIncidents';

/** How many incidents the tenant's dashboard shows (spec §2: at most 3). */
export const LATEST_INCIDENTS = 3;

/**
 * The user's newest incidents (at most 3) with their real status, each opening its page, and 'Ver
 * todas'; with none, the spec's 'Todo en orden' and a button to report one (spec §4).
 */
export function LatestIncidentsCard({ title = 'Mis Incidencias' }: { title?: string }) {
  const incidents = useLatestIncidents(LATEST_INCIDENTS);
  const { data, isPending, isError } = incidents;
  return (
    <Card as="section" aria-labelledby="latest-incidents">
      <SpreadRow>
        <CardTitle as="h2" id="latest-incidents">
          {title}
        </CardTitle>
        <ButtonLink as={Link} $variant="ghost" $size="sm" to="/incidents" aria-label="Ver todas las incidencias">
          Ver todas
        </ButtonLink>
      </SpreadRow>
      {isPending ? (
        <Skeleton height="4rem" />
      ) : isError ? (
        <LoadError variant="inline" retry={incidents}>
          No se pudieron cargar las incidencias
        </LoadError>
      ) : data.length === 0 ? (
        <SpreadRow>
          <CardDescription>Todo en orden</CardDescription>
          <ButtonLink as={Link} $size="sm" to={NEW_INCIDENT_PATH}>
            Reportar Incidencia
          </ButtonLink>
        </SpreadRow>
      ) : (
        <CardList>
          {data.slice(0, LATEST_INCIDENTS).map(({ incident, unit }) => (
            <li key={incident.id}>
              <SpreadRow>
                <Link to={`/incidents/${incident.id}`}>{incident.title}</Link>
                <StatusBadge kind="incident" value={incident.status} />
              </SpreadRow>
              <CardDescription>
                {unit.unitName} · {formatDate(incident.createdAt)}
              </CardDescription>
            </li>
          ))}
        </CardList>
      )}
    </Card>
  );
}
