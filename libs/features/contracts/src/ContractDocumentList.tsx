import { documentDownloadUrl, type ContractDetail } from '@arrendia/api-contract';
import { formatDate, formatNumber } from '@arrendia/locale-es';
import { MutedText, RowList } from '@arrendia/ui';

/** A contract's documents, each a download link with its size and date (the detail view and 'Mis Contratos'). */
export function ContractDocumentList({ documents }: { documents: ContractDetail['documents'] }) {
  return (
    <RowList>
      {documents.map((d) => (
        <li key={d.id}>
          <a href={documentDownloadUrl(d.id)} download={d.fileName} aria-label={`Descargar ${d.fileName}`}>
            {d.fileName}
          </a>
          <MutedText>
            {formatNumber(d.fileSizeKb)} KB · {formatDate(d.createdAt)}
          </MutedText>
        </li>
      ))}
    </RowList>
  );
}
