import { BrowserRouter } from 'react-router';
import { Providers } from './Providers';
import { AppRoutes } from './router';
import { StartupGate } from './startup';

export function App() {
  return (
    <Providers>
      <StartupGate>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </StartupGate>
    </Providers>
  );
}
