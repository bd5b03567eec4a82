import { serverMessage, useFormDialog } from '@arrendia/api-client';
import { documentDownloadUrl, RENT_UPDATE_STATUS_LABELS, RENT_UPDATE_STATUSES, RentUpdatePatchSchema, type RentUpdate, type RentUpdateStatus } from '@arrendia/api-contract';
import { effectiveFrom as effectiveFromOf } from '@arrendia/law-es';
import { formatDate, formatEuros, todayIso } from '@arrendia/locale-es';
import {
  AlertDialog,
  Badge,
  Button,
  ButtonLink,
  Card,
  CardDescription,
  CardFooter,
  CardTitle,
  Dialog,
  DialogActions,
  FactList,
  Form,
  LIST_SKELETONS,
  ListFilters,
  ListFilterSelect,
  PagedList,
  parseNumberInput,
  PageHeader,
  Skeleton,
  TextField,
  toast,
} from '@arrendia/ui';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { percentText } from './RentUpdateSection';
import { ALL_MONTHS, RENT_UPDATES_MONTH_KEY, RENT_UPDATES_PREFIX, sendRentUpdateNotice, useAdjustRentUpdate, useRefreshRentUpdates, useRentUpdateList, useSendRentUpdateNotice, type BulkNoticeResult } from './useRentUpdates';

const List = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(340px, 1fr));
  gap: ${({ theme }) => theme.space.lg};
  list-style: none;
  padding: 0;
`;

const TitleRow = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;

const Toolbar = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const Lines = styled.ul`
  margin: 0 0 ${({ theme }) => theme.space.md};
  padding-left: ${({ theme }) => theme.space.lg};
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
`;

const STATUS_TONES = { pendiente_indice: 'yellow', propuesta: 'blue', notificada: 'orange', aplicada: 'green', descartada: 'grey' } as const satisfies Record<RentUpdateStatus, string>;

/** A proposal's status in words and colour. */
export function RentUpdateStatusBadge({ status }: { status: RentUpdateStatus }) {
  return (
    <Badge $tone={STATUS_TONES[status]} data-tone={STATUS_TONES[status]}>
      {RENT_UPDATE_STATUS_LABELS[status]}
    </Badge>
  );
}

const MONTH = new Intl.DateTimeFormat('es-ES', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** '2027-01' or '2027-01-01' → 'enero de 2027'. */
export const monthText = (month: string) => MONTH.format(new Date(`${month.slice(0, 7)}-01T00:00:00Z`));

/** The month `n` months after (before, when negative) 'YYYY-MM'. */
function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The months the filter offers: a year back (proposals still waiting or to apply) and three ahead (the notice window). */
export function monthOptions(current: string) {
  return Array.from({ length: 16 }, (_, i) => addMonths(current, 3 - i)).map((value) => ({ value, label: monthText(value) }));
}

/** '1.000,00 € → 1.015,00 €' (the new one '—' while the index is missing). */
export const rentChangeText = (update: Pick<RentUpdate, 'oldRent' | 'newRent'>) => `${formatEuros(update.oldRent)} → ${update.newRent === null ? '—' : formatEuros(update.newRent)}`;

/** '1,5 %', and ' (máximo legal 2,2 %)' when the landlord applies less than the law allows. */
export function percentApplied(update: Pick<RentUpdate, 'percent' | 'allowedPercent'>): string | null {
  if (update.percent === null) return null;
  const lower = update.allowedPercent !== null && Number(update.percent) < Number(update.allowedPercent);
  return lower ? `${percentText(update.percent)} (máximo legal ${percentText(update.allowedPercent!)})` : percentText(update.percent);
}

/** The month the new rent is charged from: the notice's, or the one a notice sent today would give. */
const chargedFrom = (update: RentUpdate) => update.effectiveFrom ?? effectiveFromOf(todayIso(), update.anniversary);

export const noticeConfirmText = (update: RentUpdate) => `Se enviará al inquilino el aviso por escrito con el cálculo; la renta nueva se cobrará desde ${monthText(chargedFrom(update))}.`;

function LetterLink({ update }: { update: RentUpdate }) {
  if (update.noticeDocumentId === null) return null;
  return (
    <ButtonLink $variant="outline" $size="sm" href={documentDownloadUrl(update.noticeDocumentId)} aria-label={`Descargar la carta de aviso de ${update.contract.contractCode}`}>
      Carta de aviso (PDF)
    </ButtonLink>
  );
}

type PercentValues = { percent: string };
const PercentSchema = RentUpdatePatchSchema.options[0];
const percentInput = (update: RentUpdate): string => (update.percent ?? update.allowedPercent ?? '').replace('.', ',');

/**
 * 'Revisar': the calculation line by line; on a proposal, the percentage to apply (at most what the
 * law allows; the server's refusal under the field), 'Guardar', 'No actualizar' and 'Enviar aviso',
 * then the letter's link.
 */
export function RentUpdateReviewDialog({ update: listed, open, onOpenChange }: { update: RentUpdate; open: boolean; onOpenChange: (open: boolean) => void }) {
  // The proposal as the last answer left it (a save, a notice), the list's until then.
  const [update, setCurrent] = useState(listed);
  const code = update.contract.contractCode;
  const adjust = useAdjustRentUpdate<{ percent: number }>(update.id);
  const discarding = useAdjustRentUpdate<{ discarded: true }>(update.id);
  const notice = useSendRentUpdateNotice(update.id);
  const [confirm, setConfirm] = useState<'discard' | 'notice' | null>(null);
  const [noticeError, setNoticeError] = useState<string | null>(null);
  const allowed = update.allowedPercent;
  const form = useFormDialog<typeof PercentSchema, PercentValues, RentUpdate>({
    schema: PercentSchema,
    initialValues: () => ({ percent: percentInput(update) }),
    toInput: (values) => ({ percent: values.percent.trim() === '' ? undefined : (parseNumberInput(values.percent) ?? Number.NaN) }),
    validate: (values) => {
      const value = parseNumberInput(values.percent);
      return allowed !== null && value !== undefined && value > Number(allowed) ? { percent: `No se puede aplicar más de lo que permite la ley: como máximo ${percentText(allowed)}` } : {};
    },
    mutation: adjust,
    stayOpen: true,
    onSuccess: (saved) => {
      setCurrent(saved);
      toast({ title: 'Porcentaje guardado', description: `${code}: ${rentChangeText(saved)}` });
    },
    onFailure: (message) => form.setErrors({ percent: message }),
    failureMessage: 'No se pudo guardar el porcentaje',
  });
  const typed = parseNumberInput(form.values.percent);
  const unsaved = update.percent !== null && typed !== undefined && typed !== Number(update.percent);

  const discard = () =>
    discarding.mutate(
      { discarded: true },
      {
        onSuccess: (saved) => {
          setCurrent(saved);
          toast({ title: 'Actualización descartada', description: `${code}: la renta no cambia este año.` });
        },
        onError: (error) => form.setErrors({ percent: serverMessage(error) ?? 'No se pudo descartar la actualización' }),
      },
    );
  const send = () => {
    setNoticeError(null);
    notice.mutate(undefined, {
      onSuccess: (saved) => {
        setCurrent(saved);
        toast({ title: 'Aviso enviado', description: `${code}: ${rentChangeText(saved)} desde ${monthText(chargedFrom(saved))}.` });
      },
      onError: (error) => setNoticeError(serverMessage(error) ?? 'No se pudo enviar el aviso'),
    });
  };

  const close = (next: boolean) => {
    if (!next) setCurrent(listed);
    form.onOpenChange(next);
    onOpenChange(next);
  };
  const editable = update.status === 'propuesta';
  const busy = adjust.isPending || discarding.isPending || notice.isPending;

  return (
    <Dialog open={open} onOpenChange={close} title={`Actualización de la renta de ${code}`} description={`${update.property.propertyName} · ${update.unit.unitName} — aniversario el ${formatDate(update.anniversary)}`} width={600}>
      <FactList>
        <dt>Estado</dt>
        <dd>
          <RentUpdateStatusBadge status={update.status} />
        </dd>
        <dt>Renta actual → Renta nueva</dt>
        <dd>{rentChangeText(update)}</dd>
        {update.effectiveFrom && (
          <>
            <dt>Se cobra desde</dt>
            <dd>{formatDate(update.effectiveFrom)}</dd>
          </>
        )}
      </FactList>
      {update.waitingFor && <CardDescription role="note">{update.waitingFor}</CardDescription>}
      {update.explanation.length > 0 && (
        <Lines aria-label="Cálculo de la actualización">
          {update.explanation.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </Lines>
      )}
      {editable ? (
        <Form aria-label="Porcentaje a aplicar" onSubmit={form.submit}>
          <TextField
            label="Porcentaje a aplicar"
            inputMode="decimal"
            hint={allowed !== null ? `Como máximo ${percentText(allowed)}, lo que permite la ley. Puedes aplicar menos.` : undefined}
            {...form.field('percent')}
          />
          {unsaved && <CardDescription>Guarda el porcentaje antes de enviar el aviso.</CardDescription>}
          {noticeError && <CardDescription role="alert">{noticeError}</CardDescription>}
          <DialogActions>
            <Button variant="outline" disabled={busy} onClick={() => setConfirm('discard')}>
              No actualizar
            </Button>
            <Button type="submit" variant="secondary" disabled={busy}>
              {adjust.isPending ? 'Guardando...' : 'Guardar'}
            </Button>
            <Button disabled={busy || unsaved} onClick={() => setConfirm('notice')}>
              {notice.isPending ? 'Enviando...' : 'Enviar aviso'}
            </Button>
          </DialogActions>
        </Form>
      ) : (
        <DialogActions>
          <LetterLink update={update} />
          <Button variant="outline" onClick={() => close(false)}>
            Cerrar
          </Button>
        </DialogActions>
      )}
      <AlertDialog
        open={confirm === 'discard'}
        onOpenChange={(next) => !next && setConfirm(null)}
        title="¿No actualizar la renta este año?"
        description={`La renta de ${code} seguirá en ${formatEuros(update.oldRent)} hasta el próximo aniversario. No se podrá deshacer.`}
        confirmLabel="No actualizar"
        destructive
        onConfirm={discard}
      />
      <AlertDialog
        open={confirm === 'notice'}
        onOpenChange={(next) => !next && setConfirm(null)}
        title="¿Enviar el aviso al inquilino?"
        description={noticeConfirmText(update)}
        confirmLabel="Enviar aviso"
        onConfirm={send}
      />
    </Dialog>
  );
}

function RentUpdateCard({ update }: { update: RentUpdate }) {
  const [reviewing, setReviewing] = useState(false);
  const titleId = `rent-update-card-${update.id}`;
  const applied = percentApplied(update);
  return (
    <li>
      <Card as="article" aria-labelledby={titleId}>
        <TitleRow>
          <div>
            <CardTitle as="h2" id={titleId}>
              {update.contract.contractCode}
            </CardTitle>
            <CardDescription>
              {update.property.propertyName} · {update.unit.unitName}
            </CardDescription>
          </div>
          <RentUpdateStatusBadge status={update.status} />
        </TitleRow>
        <FactList>
          <dt>Inquilinos</dt>
          <dd>{update.tenants.length ? update.tenants.map((t) => t.name).join(', ') : 'Sin inquilinos'}</dd>
          <dt>Aniversario</dt>
          <dd>{formatDate(update.anniversary)}</dd>
          <dt>Renta actual → Renta nueva</dt>
          <dd>{rentChangeText(update)}</dd>
          {applied && (
            <>
              <dt>Porcentaje</dt>
              <dd>{applied}</dd>
            </>
          )}
          {update.limitBasis && (
            <>
              <dt>Límite</dt>
              <dd>{update.limitBasis}</dd>
            </>
          )}
          {update.effectiveFrom && (
            <>
              <dt>Se cobra desde</dt>
              <dd>{formatDate(update.effectiveFrom)}</dd>
            </>
          )}
        </FactList>
        {update.waitingFor && <CardDescription>{update.waitingFor}</CardDescription>}
        <CardFooter>
          <Button variant="outline" size="sm" onClick={() => setReviewing(true)} aria-label={`Revisar la actualización de ${update.contract.contractCode}`}>
            Revisar
          </Button>
          <LetterLink update={update} />
        </CardFooter>
      </Card>
      {reviewing && <RentUpdateReviewDialog update={update} open={reviewing} onOpenChange={setReviewing} />}
    </li>
  );
}

/** 'Enviar avisos (N)': every proposal of the page, one after another; says how many went and which failed. */
function BulkNotice({ proposals }: { proposals: RentUpdate[] }) {
  const [confirming, setConfirming] = useState(false);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<BulkNoticeResult | null>(null);
  const refresh = useRefreshRentUpdates();
  const run = async () => {
    setRunning(true);
    setResult(null);
    const done: BulkNoticeResult = { sent: [], failed: [] };
    for (const update of proposals) {
      try {
        done.sent.push(await sendRentUpdateNotice(update.id));
      } catch (error) {
        done.failed.push({ update, message: serverMessage(error) ?? 'No se pudo enviar el aviso' });
      }
    }
    setRunning(false);
    setResult(done);
    refresh(done.sent);
    toast({ title: `Avisos enviados: ${done.sent.length} de ${proposals.length}`, variant: done.failed.length ? 'destructive' : 'default' });
  };
  return (
    <>
      <Toolbar>
        {proposals.length > 0 && (
          <Button onClick={() => setConfirming(true)} disabled={running}>
            {running ? 'Enviando avisos...' : `Enviar avisos (${proposals.length})`}
          </Button>
        )}
      </Toolbar>
      <div role="status">
        {result && (
          <Card>
            <CardDescription>{`Avisos enviados: ${result.sent.length} de ${result.sent.length + result.failed.length}.`}</CardDescription>
            {result.failed.length > 0 && (
              <Lines aria-label="Avisos no enviados">
                {result.failed.map(({ update, message }) => (
                  <li key={update.id}>{`${update.contract.contractCode}: ${message}`}</li>
                ))}
              </Lines>
            )}
          </Card>
        )}
      </div>
      <AlertDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`¿Enviar ${proposals.length === 1 ? 'el aviso' : `los ${proposals.length} avisos`}?`}
        description="Se enviará a cada inquilino el aviso por escrito con el cálculo; la renta nueva se cobrará desde el mes que diga cada aviso."
        confirmLabel="Enviar avisos"
        onConfirm={() => void run()}
      />
    </>
  );
}

/**
 * 'Actualizaciones de renta' (issue 36): the proposals of the user's contracts whose anniversary
 * falls in the chosen month (this one unless the URL says another, or 'Todos los meses'), by status,
 * paged; 'Revisar' each, or 'Enviar avisos (N)' for every proposal of the page.
 */
export function RentUpdatesPanel() {
  const [search, setSearch] = useSearchParams();
  const thisMonth = todayIso().slice(0, 7);
  const chosen = search.get(RENT_UPDATES_MONTH_KEY) ?? thisMonth;
  const month = chosen === ALL_MONTHS ? '' : chosen;
  const list = useRentUpdateList(month);
  const setMonth = (value: string) =>
    setSearch((currentParams) => {
      const next = new URLSearchParams(currentParams);
      if (value === thisMonth) next.delete(RENT_UPDATES_MONTH_KEY);
      else next.set(RENT_UPDATES_MONTH_KEY, value || ALL_MONTHS);
      next.delete(`${RENT_UPDATES_PREFIX}.page`);
      return next;
    });
  const proposals = list.rows.filter((r) => r.status === 'propuesta');
  const options = monthOptions(thisMonth);
  return (
    <>
      <PageHeader title="Actualizaciones de renta" description="Las actualizaciones anuales de la renta de tus contratos: revisa el cálculo y envía el aviso al inquilino." />
      <PagedList
        list={list}
        noun="actualizaciones de renta"
        loading="Cargando actualizaciones de renta"
        error="No se pudieron cargar las actualizaciones de renta"
        skeleton={(busy) => (
          <List {...busy}>
            {Array.from({ length: LIST_SKELETONS }, (_, i) => (
              <li key={i}>
                <Card>
                  <Skeleton height="1.5rem" width="50%" />
                  <Skeleton />
                  <Skeleton width="30%" />
                </Card>
              </li>
            ))}
          </List>
        )}
        filters={
          <>
            <ListFilters $columns="repeat(2, minmax(0, 1fr))">
              <ListFilterSelect label="Mes del aniversario" allLabel="Todos los meses" value={month} onChange={setMonth} options={options} />
              <ListFilterSelect label="Estado" value={list.filters.status} onChange={(v) => list.setFilter('status', v)} options={RENT_UPDATE_STATUSES.map((value) => ({ value, label: RENT_UPDATE_STATUS_LABELS[value] }))} />
            </ListFilters>
            <BulkNotice proposals={proposals} />
          </>
        }
        whenEmpty={
          <Card as="section" aria-labelledby="rent-updates-empty">
            <CardTitle as="h2" id="rent-updates-empty">
              No hay actualizaciones de renta
            </CardTitle>
            <CardDescription>
              {month ? `Ningún contrato cumple años en ${monthText(month)} con una cláusula de actualización.` : 'Ningún contrato con cláusula de actualización ha llegado aún a su aniversario.'}
            </CardDescription>
          </Card>
        }
      >
        {(rows) => (
          <List aria-label="Actualizaciones de renta">
            {rows.map((update) => (
              <RentUpdateCard key={update.id} update={update} />
            ))}
          </List>
        )}
      </PagedList>
    </>
  );
}
