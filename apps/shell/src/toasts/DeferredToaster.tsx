import { useCurrentUser } from '@arrendia/api-client';
import { useToast } from '@arrendia/ui';
import { lazy, Suspense, useEffect, useState } from 'react';

// The toast region is built on Radix (the shared overlay code a signed-out landing otherwise never
// loads): its code comes with the first thing that can raise a toast.
const Toaster = lazy(() => import('./ToasterRegion'));

/** What makes a visitor's page able to raise a toast: any click or key press. */
const INTERACTIONS = ['pointerdown', 'keydown'] as const;

/**
 * The shell's one toast region, mounted as soon as a toast can appear: for a signed-in user at
 * once, for a visitor on the first click or key press (every toast of the public pages answers
 * one), and in any case when a toast is queued. Mounted before its first toast, the region is a
 * live region already in the page when the toast arrives, so screen readers announce it.
 */
export function DeferredToaster() {
  const { data: user } = useCurrentUser();
  const { toasts } = useToast();
  const [interacted, setInteracted] = useState(false);
  const needed = interacted || Boolean(user) || toasts.length > 0;

  useEffect(() => {
    if (needed) return;
    const onInteraction = () => setInteracted(true);
    for (const type of INTERACTIONS) document.addEventListener(type, onInteraction, { capture: true, once: true });
    return () => {
      for (const type of INTERACTIONS) document.removeEventListener(type, onInteraction, { capture: true });
    };
  }, [needed]);

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
