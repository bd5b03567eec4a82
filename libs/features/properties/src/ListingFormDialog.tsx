import {
  isDwellingType,
  legalDeposit,
  LISTING_DISTRICTS,
  LISTING_TYPE_FOR_UNIT,
  LISTING_TYPES,
  ListingCreateSchema,
  ListingUpdateSchema,
  type ManagedListing,
  type PropertyDetail,
  type PropertyUnit,
  type UnitTypeName,
} from '@arrendia/api-contract';
import { useFormDialog, type FieldErrors, type FormDialog } from '@arrendia/api-client';
import { formatEuros, parseMoneyEs } from '@arrendia/locale-es';
import { Dialog, Form, FormActions, FormGrid, FormWide, LoadError, SelectField, Skeleton, Switch, TextAreaField, TextField, toast } from '@arrendia/ui';
import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { ListingPhotos } from './ListingPhotos';
import { useListing, usePublishListing, useUpdateListing } from './useListings';

const FieldError = styled.p`
  color: ${({ theme }) => theme.colors.dangerText};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Notice = styled.p`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.tones.green.background};
  color: ${({ theme }) => theme.tones.green.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Divider = styled.hr`
  width: 100%;
  border: 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  margin: 0;
`;

type TextKey = 'listingType' | 'title' | 'district' | 'description' | 'price' | 'deposit' | 'availableFrom' | 'amenities' | 'nearbyPlaces' | 'contactName' | 'contactPhone' | 'contactEmail';
type Values = Record<TextKey, string> & { showAgency: boolean };

const TYPE_OPTIONS = LISTING_TYPES.map((value) => ({ value, label: value }));
const PROFILE_HINT = 'Si lo dejas vacío, se usan los datos de tu perfil';

/** An amount of the API ('950.50') as the form shows it ('950,5'). */
const amountText = (value: string | null | undefined) => (value ? String(Number(value)).replace('.', ',') : '');

/** The rent typed the Spanish way ('950,50'); text that is no amount stays no number, for the schema to say so. */
const money = (text: string) => (text.trim() === '' ? '' : (parseMoneyEs(text) ?? Number.NaN));

/** 'Ascensor\nTerraza, Wifi' → ['Ascensor', 'Terraza', 'Wifi']: one per line or separated by commas. */
const featureList = (text: string) =>
  text
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter(Boolean);

/** One per line (a place may hold a comma: 'Metro Bilbao, línea 1'). */
const lineList = (text: string) =>
  text
    .split('\n')
    .map((item) => item.trim())
    .filter(Boolean);

/** A field's message, or that of an item under it (the server names 'amenities.2'). */
const errorOf = (errors: FieldErrors, key: string) => errors[key] ?? Object.entries(errors).find(([k]) => k.startsWith(`${key}.`))?.[1];

/** A new advert starts from the unit: its type, description, rent and extras. */
function valuesOfUnit(unit: PropertyUnit, hasAgency: boolean): Values {
  return {
    listingType: LISTING_TYPE_FOR_UNIT[unit.unitType.typeName as UnitTypeName] ?? LISTING_TYPES[0],
    title: '',
    district: '',
    description: unit.description ?? '',
    price: amountText(unit.baseRentPrice),
    deposit: '',
    availableFrom: '',
    amenities: (unit.amenities ?? []).join('\n'),
    nearbyPlaces: '',
    showAgency: hasAgency,
    contactName: '',
    contactPhone: '',
    contactEmail: '',
  };
}

/** An advert being edited starts from what it says now. */
function valuesOfListing(listing: ManagedListing): Values {
  return {
    listingType: listing.listingType,
    title: listing.title,
    district: listing.district,
    description: listing.description,
    price: amountText(listing.price),
    deposit: amountText(listing.deposit),
    availableFrom: listing.availableFrom?.slice(0, 10) ?? '',
    amenities: listing.amenities.join('\n'),
    nearbyPlaces: listing.nearbyPlaces.join('\n'),
    showAgency: listing.showAgency,
    contactName: listing.contactName,
    contactPhone: listing.contactPhone,
    contactEmail: listing.contactEmail,
  };
}

/** 'Fianza legal: 950,00 € (una mensualidad)', from the price typed; the rule alone while it is no amount. */
function depositHint(price: string, dwelling: boolean) {
  const rent = parseMoneyEs(price);
  const months = dwelling ? 'una mensualidad' : 'dos mensualidades';
  if (rent === null || Number(rent) <= 0) return `Si lo dejas vacío, se aplica la fianza legal: ${months}.`;
  return `Fianza legal: ${formatEuros(legalDeposit(Number(rent), dwelling))} (${months}). Si lo dejas vacío, se aplica esta.`;
}

const priceMessages = (values: Values): FieldErrors => (values.price.trim() === '' ? { price: 'Indica el precio mensual' } : {});

export interface ListingFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  property: PropertyDetail;
  /** The unit advertised; with `unit.listing` the dialog edits that advert, else it publishes one. */
  unit: PropertyUnit;
}

/**
 * 'Publicar anuncio' / 'Editar anuncio' of a unit (issue 32, point 5), checked with the contract's
 * schemas, the server's field messages under their fields. Once published, the dialog stays open
 * in edit mode so that photos can be added at once.
 */
export function ListingFormDialog({ open, onOpenChange, property, unit }: ListingFormDialogProps) {
  // The advert published in this dialog, before the property's detail comes back with it.
  const [published, setPublished] = useState<number | null>(null);
  const listingId = unit.listing?.id ?? published;
  const title = listingId === null ? 'Publicar anuncio' : 'Editar anuncio';
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={unit.unitName} width={760}>
      {listingId === null ? (
        <CreateListingForm property={property} unit={unit} onClose={() => onOpenChange(false)} onPublished={(listing) => setPublished(listing.id)} />
      ) : (
        <EditListing property={property} unit={unit} listingId={listingId} justPublished={published !== null} onClose={() => onOpenChange(false)} />
      )}
    </Dialog>
  );
}

interface FormProps {
  property: PropertyDetail;
  unit: PropertyUnit;
  onClose: () => void;
}

function CreateListingForm({ property, unit, onClose, onPublished }: FormProps & { onPublished: (listing: ManagedListing) => void }) {
  const hasAgency = property.managerAgencyId !== null;
  const form = useFormDialog({
    schema: ListingCreateSchema,
    initialValues: () => valuesOfUnit(unit, hasAgency),
    toInput: (values) => {
      const nearbyPlaces = lineList(values.nearbyPlaces);
      return {
        listingType: values.listingType,
        title: values.title,
        district: values.district,
        description: values.description,
        price: money(values.price),
        // Empty: the API applies the legal deposit.
        deposit: values.deposit.trim() === '' ? undefined : money(values.deposit),
        availableFrom: values.availableFrom === '' ? undefined : values.availableFrom,
        amenities: featureList(values.amenities),
        nearbyPlaces: nearbyPlaces.length ? nearbyPlaces : undefined,
        showAgency: hasAgency ? values.showAgency : undefined,
        // Empty: the API takes them from the user's profile.
        contactName: values.contactName,
        contactPhone: values.contactPhone,
        contactEmail: values.contactEmail,
      };
    },
    clientMessages: priceMessages,
    mutation: usePublishListing(property.id, unit.id),
    onOpenChange: (open) => !open && onClose(),
    // The dialog stays: it turns into 'Editar anuncio' with the photos.
    stayOpen: true,
    onSuccess: (listing) => {
      toast({ title: 'Anuncio publicado', description: listing.title });
      onPublished(listing);
    },
    onFailure: (message) => toast({ title: 'Error', description: message, variant: 'destructive' }),
    failureMessage: 'No se pudo publicar el anuncio',
  });
  return (
    <Form onSubmit={form.submit} aria-label="Publicar anuncio">
      <ListingFields form={form} unit={unit} hasAgency={hasAgency} contactHint={PROFILE_HINT} />
      <FormActions onCancel={form.close} pending={form.pending} pendingLabel="Publicando..." submitLabel="Publicar anuncio" />
    </Form>
  );
}

/** The advert being edited, once read: its photos, then its fields. */
function EditListing({ property, unit, listingId, justPublished, onClose }: FormProps & { listingId: number; justPublished: boolean }) {
  const query = useListing(listingId);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const loaded = query.data !== undefined;
  // The publish button is gone: the focus goes to what happened and what comes next.
  useEffect(() => {
    if (justPublished && loaded) noticeRef.current?.focus();
  }, [justPublished, loaded]);
  if (!query.data) {
    return query.isPending ? (
      <div role="group" aria-busy="true" aria-label="Cargando anuncio">
        <Skeleton />
        <Skeleton width="70%" />
      </div>
    ) : (
      <LoadError retry={query}>No se pudo cargar el anuncio</LoadError>
    );
  }
  return (
    <>
      {justPublished && (
        <Notice ref={noticeRef} role="status" tabIndex={-1}>
          Anuncio publicado. Añade fotos para que destaque.
        </Notice>
      )}
      <ListingPhotos propertyId={property.id} listing={query.data} />
      <Divider />
      <EditListingForm property={property} unit={unit} listing={query.data} onClose={onClose} />
    </>
  );
}

function EditListingForm({ property, unit, listing, onClose }: FormProps & { listing: ManagedListing }) {
  const hasAgency = property.managerAgencyId !== null;
  const initial = valuesOfListing(listing);
  const form = useFormDialog({
    schema: ListingUpdateSchema,
    initialValues: () => valuesOfListing(listing),
    // Only what changed travels.
    toInput: (values) => {
      const changed = (key: keyof Values) => values[key] !== initial[key];
      const input: Record<string, unknown> = {};
      for (const key of ['listingType', 'title', 'district', 'description', 'contactName', 'contactPhone', 'contactEmail'] as const) if (changed(key)) input[key] = values[key];
      if (changed('price')) input.price = money(values.price);
      if (changed('deposit')) {
        // Emptied: the legal deposit of the price it will have.
        const rent = parseMoneyEs(values.price) ?? listing.price;
        input.deposit = values.deposit.trim() === '' ? legalDeposit(Number(rent), isDwellingType(unit.unitType.typeName)) : money(values.deposit);
      }
      if (changed('availableFrom')) input.availableFrom = values.availableFrom;
      for (const [key, list] of [
        ['amenities', featureList],
        ['nearbyPlaces', lineList],
      ] as const) {
        if (list(values[key]).join('\n') !== list(initial[key]).join('\n')) input[key] = list(values[key]);
      }
      if (hasAgency && changed('showAgency')) input.showAgency = values.showAgency;
      return input;
    },
    clientMessages: priceMessages,
    // The contact stays: emptied, it is not 'unchanged' but missing.
    validate: (values) => ({
      contactName: values.contactName.trim() === '' ? 'El nombre de contacto es obligatorio' : undefined,
      contactPhone: values.contactPhone.trim() === '' ? 'El teléfono de contacto es obligatorio' : undefined,
      contactEmail: values.contactEmail.trim() === '' ? 'El correo de contacto es obligatorio' : undefined,
    }),
    formErrorKey: 'form',
    mutation: useUpdateListing(property.id, listing.id),
    onOpenChange: (open) => !open && onClose(),
    onSuccess: (saved) => toast({ title: 'Anuncio actualizado', description: saved.title }),
    onFailure: (message) => toast({ title: 'Error', description: message, variant: 'destructive' }),
    failureMessage: 'No se pudo actualizar el anuncio',
  });
  const errorId = useId();
  return (
    <Form onSubmit={form.submit} aria-label="Editar anuncio" aria-describedby={form.errors.form ? errorId : undefined}>
      <ListingFields form={form} unit={unit} hasAgency={hasAgency} />
      {form.errors.form && (
        <FieldError id={errorId} role="alert">
          {form.errors.form}
        </FieldError>
      )}
      <FormActions onCancel={form.close} pending={form.pending} submitLabel="Guardar cambios" />
    </Form>
  );
}

/** The fields both modes share. */
function ListingFields({ form, unit, hasAgency, contactHint }: { form: FormDialog<Values>; unit: PropertyUnit; hasAgency: boolean; contactHint?: string }) {
  const field = (name: TextKey) => ({ name, ...form.field(name) });
  const districtsId = useId();
  return (
    <FormGrid>
      <SelectField label="Tipo de anuncio" name="listingType" {...form.select('listingType')} options={TYPE_OPTIONS} />
      <TextField label="Zona" autoComplete="off" list={districtsId} hint="Elige una de la lista o escribe otra" {...field('district')} />
      <datalist id={districtsId}>
        {LISTING_DISTRICTS.map((district) => (
          <option key={district} value={district} />
        ))}
      </datalist>
      <FormWide>
        <TextField label="Título" autoComplete="off" {...field('title')} />
      </FormWide>
      <FormWide>
        <TextAreaField label="Descripción" rows={5} {...field('description')} />
      </FormWide>
      <TextField label="Precio mensual (€)" inputMode="decimal" {...field('price')} />
      <TextField label="Fianza (€)" inputMode="decimal" hint={depositHint(form.values.price, isDwellingType(unit.unitType.typeName))} {...field('deposit')} />
      <TextField label="Disponible desde" type="date" {...field('availableFrom')} />
      <FormWide>
        <TextAreaField label="Características" rows={4} hint="Una por línea o separadas por comas: Ascensor, Terraza" {...field('amenities')} error={errorOf(form.errors, 'amenities')} />
      </FormWide>
      <FormWide>
        <TextAreaField label="Lugares cercanos" rows={3} hint="Opcional. Uno por línea: Metro Bilbao (5 min)" {...field('nearbyPlaces')} error={errorOf(form.errors, 'nearbyPlaces')} />
      </FormWide>
      {hasAgency && (
        <FormWide>
          <Switch label="Mostrar la agencia en el anuncio" checked={form.values.showAgency} onCheckedChange={(checked) => form.set('showAgency', checked)} />
        </FormWide>
      )}
      <TextField label="Nombre de contacto" autoComplete="off" hint={contactHint} {...field('contactName')} />
      <TextField label="Teléfono de contacto" type="tel" autoComplete="off" hint={contactHint} {...field('contactPhone')} />
      <TextField label="Correo de contacto" type="email" autoComplete="off" hint={contactHint} {...field('contactEmail')} />
    </FormGrid>
  );
}
