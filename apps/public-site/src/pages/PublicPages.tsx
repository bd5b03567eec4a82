import { Link, useParams } from 'react-router-dom';
import { InfoPage } from './InfoPage';

export function CatalogPage() {
  return (
    <InfoPage
      title="Alquileres disponibles"
      intro="Aquí encontrarás las viviendas, habitaciones, estudios, garajes y locales publicados en Arrendia."
    >
      <p>Estamos preparando el catálogo con búsqueda y filtros por tipo, barrio y precio. Vuelve pronto.</p>
    </InfoPage>
  );
}

export function PropertyPage() {
  const { id } = useParams();
  return (
    <InfoPage title="Detalle de la propiedad" intro={`Ficha del anuncio ${id ?? ''}.`.trim()} back={{ to: '/alquiler', label: 'Volver al catálogo' }}>
      <p>La ficha con fotos, características, condiciones económicas y contacto estará disponible muy pronto.</p>
    </InfoPage>
  );
}

export function RentalTypesPage() {
  return (
    <InfoPage title="Tipos de alquiler" intro="Arrendia se adapta a cómo alquilas: por habitaciones, por apartamentos completos o con una cartera grande.">
      <ul>
        <li>
          <Link to="/rooms-management">Gestión de habitaciones</Link>: pisos compartidos y alquiler por habitaciones.
        </li>
        <li>
          <Link to="/apartments-management">Gestión de apartamentos</Link>: viviendas completas.
        </li>
      </ul>
    </InfoPage>
  );
}

export function RoomsManagementPage() {
  return (
    <InfoPage title="Gestión de Habitaciones" intro="Para quien alquila pisos por habitaciones: cada habitación con su contrato, su renta y sus inquilinos.">
      <p>Pronto encontrarás aquí las funciones, ventajas y planes de esta solución.</p>
    </InfoPage>
  );
}

export function ApartmentsManagementPage() {
  return (
    <InfoPage title="Gestión de Apartamentos" intro="Para quien alquila viviendas completas: contratos, cobros e incidencias de cada apartamento.">
      <p>Pronto encontrarás aquí las funciones, ventajas y planes de esta solución.</p>
    </InfoPage>
  );
}
