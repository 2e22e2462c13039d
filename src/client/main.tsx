import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import './shell/shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { prefetchShellData } from './shell/prefetchShellData';

prefetchShellData();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
