import { useId } from 'react';
import styled from 'styled-components';
import { Button, ButtonLink } from './Button';

export interface ExportCsvLinkProps {
  /** The list's CSV with its filters and order (useListPage's `csvHref`); null while the filters are invalid. */
  href: string | null;
  size?: 'sm' | 'md';
  /** The rows the list holds under its filters (X-Total-Count), when known. */
  total?: number;
  /** The most rows the CSV holds (the API cuts it there): past it the link says so. */
  maxRows?: number;
}

const Wrap = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const Note = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const count = (n: number) => n.toLocaleString('es-ES', { useGrouping: true });

/**
 * 'Exportar CSV' of a list (issue 35): a link to the API's `<list>.csv` under the filters and order
 * the screen shows, every page of it, which the browser downloads; disabled while the filters are
 * not valid, as nothing would be exported. A list longer than the CSV's limit says, beside the
 * link, that the file holds only its first rows (the API also says so in `X-Truncated`).
 */
export function ExportCsvLink({ href, size = 'md', total, maxRows }: ExportCsvLinkProps) {
  const noteId = useId();
  const cut = href !== null && total !== undefined && maxRows !== undefined && total > maxRows;
  if (!href) {
    return (
      <Button variant="outline" size={size} disabled>
        Exportar CSV
      </Button>
    );
  }
  const link = (
    <ButtonLink href={href} download $variant="outline" $size={size} aria-describedby={cut ? noteId : undefined}>
      Exportar CSV
    </ButtonLink>
  );
  if (!cut) return link;
  return (
    <Wrap>
      {link}
      <Note id={noteId}>
        El CSV incluye las primeras {count(maxRows)} filas de {count(total)}: filtra la lista para exportar el resto.
      </Note>
    </Wrap>
  );
}
