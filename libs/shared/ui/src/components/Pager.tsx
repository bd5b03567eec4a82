import styled from 'styled-components';
import { Button } from './Button';

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.md};
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

/** Anterior / 'Página N de M' / Siguiente under a server-paged list; nothing when it fits in one page. */
export function Pager({ page, total, pageSize, onPageChange, label }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <Nav aria-label={label}>
      <Button size="sm" variant="outline" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
        Anterior
      </Button>
      <span aria-live="polite">
        Página {page} de {pages}
      </span>
      <Button size="sm" variant="outline" onClick={() => onPageChange(page + 1)} disabled={page >= pages}>
        Siguiente
      </Button>
    </Nav>
  );
}
