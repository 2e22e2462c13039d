import { Navigate, Route, Routes } from 'react-router-dom';
import { AuthLayout } from '../auth/AuthLayout';
import { EditorRoute } from '../editor/EditorRoute';
import { DashboardOutlet } from '../shell/DashboardOutlet';
import { Shell } from '../shell/Shell';
import {
  Deferred,
  EmailAlertsPage,
  ForgotPasswordPage,
  LoginPage,
  PrivacyPolicyPage,
  RequestSupportRoute,
  ResetPasswordPage,
  ShareFeedbackRoute,
  TermsOfUsePage,
} from './deferredPages';
import { FilterBarHidden } from './FilterBarHidden';
import { LoginOnly, RequireAuth } from './guards';
import { EDITOR_PATH, EMAIL_ALERTS_PATH } from './viewInUrl';

/** The route table of SPEC.md section 2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<LoginOnly />}>
        <Route
          path="/login"
          element={
            <AuthLayout title="Sign in" subtitle="Welcome back. Sign in to see your dashboards.">
              <Deferred>
                <LoginPage />
              </Deferred>
            </AuthLayout>
          }
        />
        <Route
          path="/forgot-password"
          element={
            <AuthLayout title="Forgot Password" subtitle="We will email you a link to set a new password.">
              <Deferred>
                <ForgotPasswordPage />
              </Deferred>
            </AuthLayout>
          }
        />
        <Route
          path="/reset-password/:id"
          element={
            <AuthLayout title="Reset Password" subtitle="Choose a new password for your account.">
              <Deferred>
                <ResetPasswordPage />
              </Deferred>
            </AuthLayout>
          }
        />
      </Route>
      <Route element={<RequireAuth />}>
        <Route element={<Shell />}>
          <Route path={EDITOR_PATH} element={<EditorRoute />} />
          <Route path="/dashboard/*" element={<DashboardOutlet />} />
          <Route element={<FilterBarHidden />}>
            <Route index element={<Navigate to="/dashboard" replace />} />
            <Route
              path="/share-feedback"
              element={
                <Deferred>
                  <ShareFeedbackRoute />
                </Deferred>
              }
            />
            <Route
              path="/request-support"
              element={
                <Deferred>
                  <RequestSupportRoute />
                </Deferred>
              }
            />
            <Route
              path={EMAIL_ALERTS_PATH}
              element={
                <Deferred>
                  <EmailAlertsPage />
                </Deferred>
              }
            />
            <Route
              path="/privacy-policy"
              element={
                <Deferred>
                  <PrivacyPolicyPage />
                </Deferred>
              }
            />
            <Route
              path="/terms-of-use"
              element={
                <Deferred>
                  <TermsOfUsePage />
                </Deferred>
              }
            />
          </Route>
        </Route>
      </Route>
      <Route path="*" element={<Navigate to="/login" replace />} />
    </Routes>
  );
}
