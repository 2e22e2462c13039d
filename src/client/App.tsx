import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { queryClient } from './api/queryClient';
import { MessageBar } from './messages/MessageBar';
import { AppRoutes } from './routes/AppRoutes';
import { PathnameProvider } from './routes/pathname';
import { RegisterNavigator } from './routes/RegisterNavigator';
import { ScrollToTop } from './routes/ScrollToTop';
import { LoadingIndicator } from './shell/LoadingIndicator';
import { lightScheme } from './theme/lightScheme';
import { cssVariablesResolver, theme } from './theme/theme';

/** The app root: theme, query cache, router, and the global message bar and loading indicator. */
export function App() {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      colorSchemeManager={lightScheme}
    >
      <QueryClientProvider client={queryClient}>
        {/* A URL change renders at once, not as a transition: a held-back transition (measured on the
            log: a chip's removal, then Back) was never shown, and the page kept params that the
            address bar no longer said. */}
        <BrowserRouter useTransitions={false}>
          <PathnameProvider>
            <RegisterNavigator />
            <ScrollToTop />
            <MessageBar />
            <AppRoutes />
            <LoadingIndicator />
          </PathnameProvider>
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}
