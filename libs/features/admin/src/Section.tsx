import { Card, CardTitle } from '@arrendia/ui';
import type { ReactNode } from 'react';

/** A card that is a landmark named by its h2: each block of the admin screens. */
export function Section({ id, title, children, className }: { id: string; title: ReactNode; children: ReactNode; className?: string }) {
  return (
    <Card as="section" aria-labelledby={id} className={className}>
      <CardTitle as="h2" id={id}>
        {title}
      </CardTitle>
      {children}
    </Card>
  );
}
