import { Button, ButtonLink } from './Button';

export interface ExportCsvLinkProps {
  /** The list's CSV with its filters and order (useListPage's `csvHref`); null while the filters are invalid. */
  href: string | null;
  size?: 'sm' | 'md';
}

/**
 * 'Exportar CSV' of a list (issue 35): a link to the API's `<list>.csv` under the filters and order
 * the screen shows, every page of it, which the browser downloads; disabled while the filters are
 * not valid, as nothing would be exported.
 */
export function ExportCsvLink({ href, size = 'md' }: ExportCsvLinkProps) {
  return href ? (
    <ButtonLink href={href} download $variant="outline" $size={size}>
      Exportar CSV
    </ButtonLink>
  ) : (
    <Button variant="outline" size={size} disabled>
      Exportar CSV
    </Button>
  );
}
