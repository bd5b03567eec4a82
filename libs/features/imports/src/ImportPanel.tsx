import type { CurrentUser, Import } from '@arrendia/api-contract';
import { errorStatus } from '@arrendia/api-client';
import { canonicalRole } from '@arrendia/permissions';
import { Button, Card, CardDescription, LoadError, SkeletonCard } from '@arrendia/ui';
import { useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Stack } from './parts';
import { PreviewStep } from './PreviewStep';
import { ProgressStep } from './ProgressStep';
import { RecentImports } from './RecentImports';
import { ReportStep } from './ReportStep';
import { UploadStep } from './UploadStep';
import { useImport } from './useImports';

/** The URL key of the open import (?tab=importar&importacion=123): a reload resumes it. */
export const IMPORT_PARAM = 'importacion';

const parseId = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * 'Importar datos' (issue 35): upload a CSV or XLSX, check the preview and correct its columns,
 * import the valid rows with a progress bar, read the report. The owner and the agency manager
 * import into their own account; the super admin names the account first.
 */
export function ImportPanel({ user }: { user: CurrentUser | null }) {
  const [params, setParams] = useSearchParams();
  const id = parseId(params.get(IMPORT_PARAM));
  const read = useImport(id);
  // A step's heading takes the focus once the user has acted here, never on arriving at the page.
  const acted = useRef(false);
  const focus = acted.current;

  const open = (next: number | null) => {
    acted.current = true;
    setParams((current) => {
      const url = new URLSearchParams(current);
      if (next === null) url.delete(IMPORT_PARAM);
      else url.set(IMPORT_PARAM, String(next));
      return url;
    });
  };
  const restart = () => open(null);
  const committed = (_updated: Import) => {
    acted.current = true;
  };

  if (id === null) {
    return (
      <Stack>
        <UploadStep focus={focus} forAnotherAccount={canonicalRole(user?.role?.roleName) === 'super_admin'} onPreview={(preview) => open(preview.id)} />
        <RecentImports onOpen={open} />
      </Stack>
    );
  }
  if (read.isPending) return <SkeletonCard label="Cargando la importación" rows={6} />;
  if (read.isError) {
    if (errorStatus(read.error) === 404) {
      return (
        <Card role="status">
          <CardDescription>No se ha encontrado la importación.</CardDescription>
          <div>
            <Button onClick={restart}>Importar otro archivo</Button>
          </div>
        </Card>
      );
    }
    return <LoadError retry={read}>No se pudo cargar la importación</LoadError>;
  }
  const preview = read.data;
  switch (preview.status) {
    case 'preview':
      return <PreviewStep preview={preview} focus={focus} onCommitted={committed} onRestart={restart} />;
    case 'importing':
      return <ProgressStep preview={preview} focus={focus} />;
    default:
      return <ReportStep preview={preview} focus={focus} onRestart={restart} />;
  }
}
