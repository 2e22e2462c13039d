import { Navigate, Route, Routes } from 'react-router-dom';
import { AuthLayout } from '../auth/AuthLayout';
import { ForgotPasswordPage } from '../auth/ForgotPasswordPage';
import { LoginPage } from '../auth/LoginPage';
import { ResetPasswordPage } from '../auth/ResetPasswordPage';
import { EditorRoute } from '../editor/EditorRoute';
import { PrivacyPolicyPage, TermsOfUsePage } from '../pages/legal';
import { DashboardOutlet } from '../shell/DashboardOutlet';
import { Shell } from '../shell/Shell';
import { FilterBarHidden } from './FilterBarHidden';
import { RequestSupportRoute, ShareFeedbackRoute } from './formRoutes';
import { LoginOnly, RequireAuth } from './guards';
import { EDITOR_PATH } from './viewInUrl';

/** The route table of SPEC.md section 2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<LoginOnly />}>
        <Route
          path="/login"
          element={
            <AuthLayout title="Sign in" subtitle="Welcome back. Sign in to see your dashboards.">
              <LoginPage />
            </AuthLayout>
          }
        />
        <Route
          path="/forgot-password"
          element={
            <AuthLayout title="Forgot Password" subtitle="We will email you a link to set a new password.">
              <ForgotPasswordPage />
            </AuthLayout>
          }
        />
        <Route
          path="/reset-password/:id"
          element={
            <AuthLayout title="Reset Password" subtitle="Choose a new password for your account.">
              <ResetPasswordPage />
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
            <Route path="/share-feedback" element={<ShareFeedbackRoute />} />
            <Route path="/request-support" element={<RequestSupportRoute />} />
            <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
            <Route path="/terms-of-use" element={<TermsOfUsePage />} />
          </Route>
        </Route>
      </Route>
      <Route path="*" element={<Navigate to="/login" replace />} />
    </Routes>
  );
}
