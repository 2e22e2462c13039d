import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useInRouterContext } from 'react-router-dom';

/** Props of a link to a sibling page of the app. */
export interface AppLinkProps {
  /** The sibling page's path relative to the current one, e.g. './privacy-policy'. */
  to: `./${string}`;
  children: ReactNode;
}

/**
 * A link to a sibling page ('./privacy-policy' from '/terms-of-use'): a client-side navigation
 * inside the app's router, a plain relative link anywhere else (tests, a printed copy).
 */
export function AppLink({ to, children }: AppLinkProps) {
  const inRouter = useInRouterContext();
  if (!inRouter) return <Anchor href={to}>{children}</Anchor>;
  return (
    <Anchor component={Link} to={`.${to}`} relative="path">
      {children}
    </Anchor>
  );
}
