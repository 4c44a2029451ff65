import { createBrowserRouter, RouterProvider } from 'react-router';
import { LeaveGuard } from '../components/form';
import { Providers } from './Providers';
import { AppRoutes } from './router';
import { StartupGate } from './startup';

// A data router, so that leaving a page with unsaved edits can ask first (LeaveGuard); the
// routes themselves are declared by AppRoutes.
const router = createBrowserRouter([
  {
    path: '*',
    element: (
      <>
        <AppRoutes />
        <LeaveGuard />
      </>
    ),
  },
]);

export function App() {
  return (
    <Providers>
      <StartupGate>
        <RouterProvider router={router} />
      </StartupGate>
    </Providers>
  );
}
