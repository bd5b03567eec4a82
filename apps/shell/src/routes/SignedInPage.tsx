import type { CurrentUser } from '@arrendia/api-contract';
import { SignedInLayout } from '../layout/SignedInLayout';
import { SignedInContent } from './SignedInContent';

/**
 * A signed-in page: the layout and the role's portal. Its own chunk (App loads it lazily), so a
 * visitor never downloads the sidebar, the header menus or what they import.
 */
export default function SignedInPage({ user }: { user: CurrentUser }) {
  return (
    <SignedInLayout user={user}>
      <SignedInContent user={user} />
    </SignedInLayout>
  );
}
