import {
  OUTBOX_KIND_LABELS,
  OUTBOX_SORTS,
  OUTBOX_STATE_LABELS,
  OUTBOX_STATES,
  OutboxMessageSchema,
  outboxKindLabel,
  type CurrentUser,
  type OutboxMessage,
  type OutboxMessageDetail,
  type OutboxState,
} from '@arrendia/api-contract';
import { useListPage } from '@arrendia/api-client';
import { formatDateTime } from '@arrendia/locale-es';
import { Badge, Button, Card, CardDescription, CardTitle, DataTable, Dialog, ListFilters, ListFilterSelect, ListSearch, LoadError, MutedText, PagedList, PageHeader, Skeleton, SortHeader, TableScroll, VisuallyHidden } from '@arrendia/ui';
import type { StatusTone } from '@arrendia/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { z } from 'zod';

const OUTBOX_PATH = '/api/admin/outbox';
const STATE_TONES: Record<OutboxState, StatusTone> = { pendiente: 'yellow', enviado: 'green', fallido: 'red', no_enviado: 'grey' };

const Plain = styled.pre`
  white-space: pre-wrap;
  word-break: break-word;
  font-family: inherit;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  max-height: 40vh;
  overflow: auto;
`;

const Preview = styled.iframe`
  width: 100%;
  height: 40vh;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

/** The message as it went (or would go) out: its plain text and its HTML in a sandbox that runs nothing. */
function MessageDialog({ message, onClose }: { message: OutboxMessage; onClose: () => void }) {
  const detail = useQuery<OutboxMessageDetail>({ queryKey: [`${OUTBOX_PATH}/${message.id}`] });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={message.subject} description={`Para ${message.toName ? `${message.toName} <${message.toAddress}>` : message.toAddress}`} width={720}>
      {detail.isPending ? (
        <Skeleton height="12rem" />
      ) : detail.isError ? (
        <LoadError variant="inline" retry={detail}>
          No se pudo cargar el mensaje
        </LoadError>
      ) : (
        <>
          <Preview title={`Vista HTML de ${message.subject}`} sandbox="" srcDoc={detail.data.html} />
          <h3>Texto</h3>
          <Plain>{detail.data.text}</Plain>
        </>
      )}
    </Dialog>
  );
}

/**
 * /outbox (issue 34): every message the product sent, is sending, gave up on, or kept unsent for
 * want of a mail server, with its attempts and last error, for the super admin.
 */
export function OutboxScreen(_props: { user: CurrentUser | null }) {
  const list = useListPage({ path: OUTBOX_PATH, schema: z.array(OutboxMessageSchema), filters: ['state', 'kind', 'q'] as const, sorts: OUTBOX_SORTS });
  const { filters, setFilter } = list;
  const [open, setOpen] = useState<OutboxMessage | null>(null);
  return (
    <>
      <PageHeader title="Correo saliente" description="Los correos que envía la plataforma: enviados, pendientes, fallidos y los que no se enviaron por no haber servidor de correo." />
      <PagedList
        list={list}
        noun="correos"
        loading="Cargando correos"
        error="No se pudieron cargar los correos"
        filters={
          <ListFilters $columns="2fr 1fr 1fr">
            <ListSearch label="Buscar por destinatario o asunto" value={filters.q} onChange={(v) => setFilter('q', v)} />
            <ListFilterSelect label="Estado" value={filters.state} onChange={(v) => setFilter('state', v)} options={OUTBOX_STATES.map((value) => ({ value, label: OUTBOX_STATE_LABELS[value] }))} />
            <ListFilterSelect label="Tipo" value={filters.kind} onChange={(v) => setFilter('kind', v)} options={Object.entries(OUTBOX_KIND_LABELS).map(([value, label]) => ({ value, label }))} />
          </ListFilters>
        }
        whenEmpty={
          <Card>
            <CardTitle as="h2">No hay correos</CardTitle>
            <CardDescription>Cuando la plataforma envíe un correo aparecerá aquí.</CardDescription>
          </Card>
        }
      >
        {(rows) => (
          <Card>
            <TableScroll aria-label="Correos">
              <DataTable>
                <thead>
                  <tr>
                    <SortHeader list={list} field="createdAt">
                      Fecha
                    </SortHeader>
                    <th>Destinatario</th>
                    <th>Asunto</th>
                    <th>Estado</th>
                    <SortHeader list={list} field="attempts" align="end">
                      Intentos
                    </SortHeader>
                    <th>Último error</th>
                    <th>
                      <VisuallyHidden>Acciones</VisuallyHidden>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((m) => (
                    <tr key={m.id}>
                      <td>{formatDateTime(m.createdAt)}</td>
                      <td>
                        {m.toName ?? m.toAddress}
                        {m.toName && (
                          <>
                            <br />
                            <MutedText>{m.toAddress}</MutedText>
                          </>
                        )}
                      </td>
                      <td>
                        {m.subject}
                        <br />
                        <MutedText>{outboxKindLabel(m.kind)}</MutedText>
                      </td>
                      <td>
                        <Badge $tone={STATE_TONES[m.state]}>{OUTBOX_STATE_LABELS[m.state]}</Badge>
                        {m.sentAt && (
                          <>
                            <br />
                            <MutedText>{formatDateTime(m.sentAt)}</MutedText>
                          </>
                        )}
                      </td>
                      <td data-align="end">{m.attempts}</td>
                      <td>{m.lastError ?? '—'}</td>
                      <td>
                        <Button size="sm" variant="ghost" onClick={() => setOpen(m)} aria-label={`Ver el correo ${m.subject} a ${m.toAddress}`}>
                          Ver
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </DataTable>
            </TableScroll>
          </Card>
        )}
      </PagedList>
      {open && <MessageDialog message={open} onClose={() => setOpen(null)} />}
    </>
  );
}
