import { isSessionGone, serverMessage, useAcceptConsentRequest, useConsentRequests, useDeclineConsentRequest } from '@arrendia/api-client';
import { CONSENT_REQUEST_LABELS, type ConsentRequest } from '@arrendia/api-contract';
import { formatDate, personName } from '@arrendia/locale-es';
import { AlertDialog, Button, Card, CardTitle, LoadError, MutedText, RowList, useToast } from '@arrendia/ui';
import { useState } from 'react';
import styled from 'styled-components';

// The card sits above a dashboard's own blocks, which bring no top margin of their own.
const StyledCard = styled(Card)`
  margin-bottom: ${({ theme }) => theme.space.xl};
`;
const StyledActions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
`;

const TITLE_ID = 'consent-requests-title';

/** What the request asks, in the words of the one who answers it. */
function requestSentence(request: ConsentRequest): string {
  const owner = personName(request.owner, 'Un propietario');
  if (request.kind === 'delegation') return `${owner} te pide que gestiones su cartera`;
  return `${owner} pide a tu agencia que gestione ${request.property?.propertyName ?? 'una propiedad'} (${request.property?.city ?? ''})`;
}

/** Who a button answers: the owner, and for an agency the property too (one owner may ask for several). */
function requestName(request: ConsentRequest): string {
  const owner = personName(request.owner, 'Un propietario');
  return request.kind === 'agency_management' && request.property ? `${owner} para ${request.property.propertyName}` : owner;
}

function declineDescription(request: ConsentRequest): string {
  const owner = personName(request.owner, 'Un propietario');
  const what = request.kind === 'delegation' ? `No gestionarás la cartera de ${owner}.` : `Tu agencia no gestionará ${request.property?.propertyName ?? 'la propiedad'}.`;
  return `${what} Avisaremos a ${owner} de que la has rechazado.`;
}

/**
 * 'Solicitudes pendientes' (issue 30): the consent requests the signed-in user must answer (a
 * delegate's portfolio requests, an agency admin's management requests), each accepted at once or
 * rejected after asking. Renders nothing while there are none, so a dashboard shows it only when
 * there is something to answer.
 */
export function ConsentRequestsCard() {
  const incoming = useConsentRequests('incoming');
  const accept = useAcceptConsentRequest();
  const decline = useDeclineConsentRequest();
  const [toDecline, setToDecline] = useState<ConsentRequest | null>(null);
  const { toast } = useToast();

  const failed = (fallback: string) => (error: Error) => {
    if (isSessionGone(error)) return;
    toast({ variant: 'destructive', title: 'Error', description: serverMessage(error) ?? fallback });
  };

  const accepting = (request: ConsentRequest) => {
    accept.mutate(request.id, {
      onSuccess: () => toast({ title: 'Solicitud aceptada', description: requestSentence(request) }),
      onError: failed('No se pudo aceptar la solicitud'),
    });
  };

  const confirmDecline = () => {
    if (!toDecline) return;
    decline.mutate(toDecline.id, {
      onSuccess: () => toast({ title: 'Solicitud rechazada' }),
      onError: failed('No se pudo rechazar la solicitud'),
    });
  };

  // Loading shows nothing: most of the time there is nothing to answer, and a placeholder would flash.
  if (incoming.isPending || (incoming.isSuccess && incoming.data.length === 0)) return null;

  const answering = (id: number) => (accept.isPending && accept.variables === id) || (decline.isPending && decline.variables === id);

  return (
    <StyledCard as="section" aria-labelledby={TITLE_ID}>
      <CardTitle as="h2" id={TITLE_ID}>
        Solicitudes pendientes
      </CardTitle>
      {incoming.isError ? (
        <LoadError variant="inline" retry={incoming}>
          No se pudieron cargar tus solicitudes pendientes
        </LoadError>
      ) : (
        <RowList aria-labelledby={TITLE_ID}>
          {incoming.data.map((request) => {
            const name = requestName(request);
            return (
              <li key={request.id}>
                <div>
                  {requestSentence(request)}
                  <MutedText as="p">
                    {CONSENT_REQUEST_LABELS[request.kind]} · recibida el {formatDate(request.createdAt)}
                  </MutedText>
                </div>
                <StyledActions>
                  <Button size="sm" onClick={() => accepting(request)} disabled={answering(request.id)} aria-label={`Aceptar la solicitud de ${name}`}>
                    Aceptar
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => setToDecline(request)} disabled={answering(request.id)} aria-label={`Rechazar la solicitud de ${name}`}>
                    Rechazar
                  </Button>
                </StyledActions>
              </li>
            );
          })}
        </RowList>
      )}
      <AlertDialog
        open={toDecline !== null}
        onOpenChange={(open) => !open && setToDecline(null)}
        title="¿Rechazar la solicitud?"
        description={toDecline ? declineDescription(toDecline) : undefined}
        confirmLabel="Rechazar"
        destructive
        onConfirm={confirmDecline}
      />
    </StyledCard>
  );
}
