import styled from 'styled-components';
import { Button } from './Button';

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.md};
`;

const Summary = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  margin-right: auto;
`;

export interface PagerProps {
  page: number;
  /** Rows in the whole list (the server's X-Total-Count) and rows per page. */
  total: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, e.g. 'Páginas de inquilinos'. */
  label: string;
}

/** 'Mostrando 21–40 de 137': the rows of this page among the list's. */
export function pageSummary(page: number, total: number, pageSize: number): string {
  const first = Math.min(total, (page - 1) * pageSize + 1);
  const last = Math.min(total, page * pageSize);
  return `Mostrando ${first.toLocaleString('es-ES')}–${last.toLocaleString('es-ES')} de ${total.toLocaleString('es-ES')}`;
}

/**
 * Under a server-paged list: 'Mostrando 21–40 de 137', then Anterior / 'Página N de M' / Siguiente
 * when the list takes more than one page. Nothing for an empty list.
 */
export function Pager({ page, total, pageSize, onPageChange, label }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= 0) return null;
  return (
    <Nav aria-label={label}>
      <Summary aria-live="polite">{pageSummary(page, total, pageSize)}</Summary>
      {pages > 1 && (
        <>
          <Button size="sm" variant="outline" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
            Anterior
          </Button>
          <span>
            Página {page} de {pages}
          </span>
          <Button size="sm" variant="outline" onClick={() => onPageChange(page + 1)} disabled={page >= pages}>
            Siguiente
          </Button>
        </>
      )}
    </Nav>
  );
}
