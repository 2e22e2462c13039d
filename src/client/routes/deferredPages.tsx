import { Center, Loader } from '@mantine/core';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';

/** A named export of a module, loaded when first rendered (React.lazy wants a default export). */
function deferred<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

// Pages the dashboards never show load when first opened: sign-in, the forms, the legal pages and
// 'Email & alerts' would otherwise ride in every dashboard visit's first download.
export const LoginPage = deferred(() => import('../auth/LoginPage'), 'LoginPage');
export const ForgotPasswordPage = deferred(() => import('../auth/ForgotPasswordPage'), 'ForgotPasswordPage');
export const ResetPasswordPage = deferred(() => import('../auth/ResetPasswordPage'), 'ResetPasswordPage');
export const ShareFeedbackRoute = deferred(() => import('./formRoutes'), 'ShareFeedbackRoute');
export const RequestSupportRoute = deferred(() => import('./formRoutes'), 'RequestSupportRoute');
export const PrivacyPolicyPage = deferred(
  () => import('../pages/legal/PrivacyPolicyPage'),
  'PrivacyPolicyPage',
);
export const TermsOfUsePage = deferred(() => import('../pages/legal/TermsOfUsePage'), 'TermsOfUsePage');
export const EmailAlertsPage = deferred(() => import('../deliveries/EmailAlertsPage'), 'EmailAlertsPage');

/** Holds a deferred page's place (a small spinner) while its code arrives. */
export function Deferred({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Center py="xl">
          <Loader size="sm" aria-label="Loading the page" />
        </Center>
      }
    >
      {children}
    </Suspense>
  );
}
