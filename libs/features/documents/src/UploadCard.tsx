import { Card, CardTitle } from '@arrendia/ui';
import { useId } from 'react';
import { UploadForm } from './UploadForm';

/** /documents' 'Subir documento': a document of the user's own, attached to nothing. */
export function UploadCard() {
  const titleId = useId();
  return (
    <Card as="section" aria-labelledby={titleId}>
      <CardTitle as="h2" id={titleId}>
        Subir documento
      </CardTitle>
      <UploadForm />
    </Card>
  );
}
