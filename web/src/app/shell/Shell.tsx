import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useIsFetching } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import useMediaQuery from '@mui/material/useMediaQuery';
import { resetListStatesOutside } from '../../components/list/useListParams';
import { useBuilderInUrl } from '../builderSelection';
import { LIST_KEY } from '../../components/list/useListQuery';
import { LoadingScreen } from '../LoadingScreen';
import { ActingAsBar } from './ActingAsBar';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

/** The signed-in layout: sidebar, top bar, the list-loading bar and the routed page. */
export default function Shell() {
  const isMobile = useMediaQuery('(max-width:599.95px)', { noSsr: true });
  const [hoverOpen, setHoverOpen] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const { pathname } = useLocation();
  const listsLoading = useIsFetching({ queryKey: [LIST_KEY] }) > 0;
  useBuilderInUrl();

  // Leaving a list's area resets its saved search, sort, paging and filters.
  useEffect(() => {
    resetListStatesOutside(pathname);
  }, [pathname]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      {listsLoading && (
        <LinearProgress
          aria-label="Loading"
          sx={(t) => ({ position: 'fixed', top: 0, left: 0, right: 0, height: 3, zIndex: t.zIndex.appBar + 2 })}
        />
      )}
      <Sidebar
        isMobile={isMobile}
        hoverOpen={hoverOpen}
        onHoverChange={setHoverOpen}
        mobileOpen={mobileOpen}
        onMobileClose={() => setMobileOpen(false)}
      />
      <TopBar isMobile={isMobile} onMenu={() => setMobileOpen(true)} />
      <Box component="main" sx={{ flex: 1, minWidth: 0, pt: 'calc(64px + 24px)', px: { xs: 1.5, sm: 3 }, pb: 4 }}>
        <ActingAsBar />
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
